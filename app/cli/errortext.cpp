// SPDX-License-Identifier: GPL-3.0-or-later
#include "errortext.h"

#include "clitr.h"
#include "error.h"
#include "lockjson.h"
#include "shellquote.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cli {

QString compactDriverText(const QString &text, const QString &nativeCode)
{
    static const QRegularExpression statementExcerpt(u"^LINE \\d+:"_s);
    static const QRegularExpression caret(u"^\\^+$"_s);
    static const QRegularExpression qtUnableToConnect(u"\\s*\\bQ[A-Z0-9]+: Unable to connect\\b"_s);
    static const QRegularExpression space(u"\\s+"_s);

    QStringList kept;
    for (QString line : text.split(u'\n')) {
        line = line.trimmed();
        if (line.isEmpty() || statementExcerpt.match(line).hasMatch()
            || caret.match(line).hasMatch()
            || (!nativeCode.isEmpty() && line == u'(' + nativeCode + u')'))
            continue;
        // Qt's own "Unable to connect" adds nothing to the database's reason.
        const QString withoutQt = QString(line).replace(qtUnableToConnect, QString()).trimmed();
        if (!withoutQt.isEmpty() && !withoutQt.endsWith(u':'))
            line = withoutQt;
        else if (withoutQt.isEmpty() && !kept.isEmpty())
            continue;
        kept << line;
    }
    // Lines become sentences of one line.
    for (qsizetype i = 0; i + 1 < kept.size(); ++i) {
        const QChar last = kept.at(i).back();
        if (!QStringView(u".:;!?,").contains(last))
            kept[i] += u'.';
    }
    return kept.join(u' ').replace(space, u" "_s).trimmed();
}

namespace {

// What to run about a missing table: give the one the server has instead (PostgreSQL's case
// folding), or create it (`table`: the one given with --table, empty for the default).
QString missingTableAdvice(const lockcore::Error &error, const QString &table)
{
    if (!error.tableInstead.isEmpty())
        return Tr::tr("Run it again with --table %1.").arg(lockcore::shellQuote(error.tableInstead));
    if (table.isEmpty())
        return Tr::tr("Create it with \"lockctl schema --create\", or print the DDL for your "
                      "DBA with \"lockctl schema --print\".");
    return Tr::tr("Create it with \"lockctl --table %1 schema --create\", or print the DDL for "
                  "your DBA with \"lockctl --table %1 schema --print\".")
        .arg(lockcore::shellQuote(table));
}

} // namespace

QString errorText(const lockcore::Error &error, const QString &table)
{
    QString text = compactDriverText(error.message, error.nativeCode);
    if (error.kind == lockcore::Error::Kind::Authentication)
        text += u' ' + Tr::tr("Give the password in the URL, in LOCKSCOPE_PASSWORD or at the "
                              "prompt.");
    if (error.kind == lockcore::Error::Kind::MissingSchema)
        text += u' ' + missingTableAdvice(error, table);
    if (!error.nativeCode.isEmpty())
        text += u" [code "_s + error.nativeCode + u']';
    const QString driver = compactDriverText(error.driverText, error.nativeCode);
    if (!driver.isEmpty() && !text.contains(driver))
        text += u" ("_s + driver + u')';
    return text;
}

QJsonObject errorToJson(const lockcore::Error &error)
{
    QJsonObject object
        = errorToJson(lockcore::Error::kindName(error.kind),
                      compactDriverText(error.message, error.nativeCode), error.nativeCode);
    if (!error.driverText.trimmed().isEmpty())
        object.insert(u"detail"_s, error.driverText.trimmed());
    if (!error.tableInstead.isEmpty())
        object.insert(u"table_instead"_s, error.tableInstead);
    // For a script: the command may have acted after all (a call abandoned at its deadline, a
    // connection lost mid-statement), where every other error did nothing (a refusal, a
    // statement the server ended at its own bound, a connect that failed).
    if (error.kind == lockcore::Error::Kind::ConnectionLost)
        object.insert(u"outcome"_s, u"unknown"_s);
    if (error.serverEnded)
        object.insert(u"server_ended"_s, true);
    return object;
}

QJsonObject errorToJson(const QString &kind, const QString &message, const QString &nativeCode)
{
    return {
        {u"kind"_s, kind},
        {u"message"_s, message},
        {u"native_code"_s, lockcore::jsonText(nativeCode)},
        {u"outcome"_s, u"not_done"_s},
    };
}

} // namespace cli
