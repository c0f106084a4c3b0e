// SPDX-License-Identifier: Apache-2.0
#include "definitionsjson.h"

#include "duration.h"

#include "tr.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// Line and column (from 1) of a byte offset in the text.
QString positionOf(const QByteArray &json, int offset)
{
    const QByteArray before = json.left(offset);
    const qsizetype line = before.count('\n') + 1;
    const qsizetype column = offset - (before.lastIndexOf('\n') + 1) + 1;
    return Tr::tr("line %1, column %2").arg(line).arg(column);
}

// Reads the entries of one lock; `where` names it in errors ("locks.json, lock 2").
class EntryReader
{
public:
    EntryReader(const QJsonObject &entry, const QString &where) : m_entry(entry), m_where(where)
    {}

    Result<LockDefinition> read() const
    {
        static const QStringList keys{u"name"_s,    u"lease"_s,    u"wait"_s,
                                      u"retries"_s, u"interval"_s, u"description"_s};
        for (auto it = m_entry.begin(); it != m_entry.end(); ++it)
            if (!keys.contains(it.key()))
                return fail(Tr::tr("unknown key \"%1\" (the keys are %2).")
                                .arg(it.key(), keys.join(u", "_s)));
        if (!m_entry.value(u"name"_s).isString())
            return fail(Tr::tr("\"name\" is missing or not text."));
        if (!m_entry.contains(u"lease"_s))
            return fail(Tr::tr("\"lease\" is missing."));
        LockDefinition definition;
        definition.name = m_entry.value(u"name"_s).toString();
        definition.description = m_entry.value(u"description"_s).toString();
        if (m_entry.contains(u"description"_s) && !m_entry.value(u"description"_s).isString())
            return fail(Tr::tr("\"description\" is not text."));
        for (const auto &[key, field] : {std::pair{u"lease"_s, &LockDefinition::leaseMs},
                                         std::pair{u"wait"_s, &LockDefinition::waitMs},
                                         std::pair{u"interval"_s, &LockDefinition::intervalMs}}) {
            auto ms = duration(key, definition.*field);
            if (!ms)
                return ms.error();
            definition.*field = *ms;
        }
        auto retries = retryCount();
        if (!retries)
            return retries.error();
        definition.retries = *retries;
        return definition;
    }

private:
    Error fail(const QString &why) const
    {
        return Error::invalidInput(u"%1: %2"_s.arg(m_where, why));
    }

    // Text as lockctl takes it ("30s"); a JSON number is a number without a unit, refused as
    // lockctl refuses one (but 0); `fallback` when the key is absent.
    Result<qint64> duration(const QString &key, qint64 fallback) const
    {
        const QJsonValue value = m_entry.value(key);
        if (value.isUndefined())
            return fallback;
        if (!value.isString() && !value.isDouble())
            return fail(Tr::tr("\"%1\" is not a duration such as \"30s\".").arg(key));
        const QString text = value.isString() ? value.toString()
                                              : QString::number(value.toDouble(), 'g', 17);
        auto ms = parseDurationMs(text, u'"' + key + u'"');
        if (!ms)
            return fail(ms.error().message);
        return *ms;
    }

    // Absent: LockDefinition's default (as many as the wait allows; one attempt without one),
    // so that a wait means the same in a file as in code.
    Result<int> retryCount() const
    {
        const QJsonValue value = m_entry.value(u"retries"_s);
        if (value.isUndefined())
            return LockDefinition().retries;
        const double count = value.toDouble(-1);
        if (!value.isDouble() || count < 0 || count > 1e6 || count != double(int(count)))
            return fail(Tr::tr("\"retries\" is not a whole number from 0 to 1000000."));
        return int(count);
    }

    QJsonObject m_entry;
    QString m_where;
};

} // namespace

Result<QList<LockDefinition>> readDefinitionsJson(const QByteArray &json, const QString &source)
{
    QJsonParseError parsed;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parsed);
    if (parsed.error != QJsonParseError::NoError)
        return Error::invalidInput(Tr::tr("%1 is not valid JSON: %2 at %3.")
                                       .arg(source, parsed.errorString(),
                                            positionOf(json, parsed.offset)));
    const QJsonObject top = document.object();
    if (!document.isObject() || !top.value(u"locks"_s).isArray())
        return Error::invalidInput(Tr::tr("%1: expected an object with a \"locks\" array: "
                                          "{\"locks\": [{\"name\": ..., \"lease\": ...}]}.")
                                       .arg(source));
    for (auto it = top.begin(); it != top.end(); ++it)
        if (it.key() != u"locks")
            return Error::invalidInput(Tr::tr("%1: unknown key \"%2\" (only \"locks\").")
                                           .arg(source, it.key()));
    QList<LockDefinition> definitions;
    const QJsonArray locks = top.value(u"locks"_s).toArray();
    for (qsizetype i = 0; i < locks.size(); ++i) {
        const QString where = Tr::tr("%1, lock %2").arg(source).arg(i + 1);
        if (!locks.at(i).isObject())
            return Error::invalidInput(Tr::tr("%1: not an object.").arg(where));
        auto definition = EntryReader(locks.at(i).toObject(), where).read();
        if (!definition)
            return definition.error();
        definitions.append(*definition);
    }
    return definitions;
}

} // namespace lockcore
