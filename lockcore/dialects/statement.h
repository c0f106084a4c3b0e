// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHashFunctions>
#include <QString>
#include <QVariant>
#include <QVariantList>

#include <utility>

namespace lockcore {

// A statement's text as the key of a connection's prepared statements, with its hash worked
// out once (Statement::key()): it is looked up on every execution, and the text of an acquire
// is a few kilobytes.
struct StatementKey
{
    QString text;
    size_t hash = 0;

    static size_t hashOf(const QString &text) { return qHash(text); }
    static StatementKey of(const QString &text) { return {text, hashOf(text)}; }
    friend bool operator==(const StatementKey &a, const StatementKey &b)
    {
        return a.hash == b.hash && a.text == b.text;
    }
    struct Hasher
    {
        size_t operator()(const StatementKey &key) const noexcept { return key.hash; }
    };
};

// A value to bind at this point of the statement; rendered as the dialect's placeholder.
struct Param
{
    QVariant value;
    QString placeholder = QStringLiteral("?");
};

// SQL text with its bound values, built in order: `st << "WHERE name = " << Param{name}`.
// (C++17 sequences the operands of << left to right, so binds always match placeholders.)
class Statement
{
public:
    Statement &operator<<(const char *sql)
    {
        m_hashed = false;
        m_text += QLatin1String(sql);
        return *this;
    }
    Statement &operator<<(char sql)
    {
        m_hashed = false;
        m_text += QLatin1Char(sql);
        return *this;
    }
    Statement &operator<<(const QString &sql)
    {
        m_hashed = false;
        m_text += sql;
        return *this;
    }
    Statement &operator<<(const Param &param)
    {
        m_hashed = false;
        m_text += param.placeholder;
        // A null QString binds as SQL NULL; text columns are NOT NULL, so bind it as ''.
        if (param.value.metaType().id() == QMetaType::QString && param.value.toString().isNull())
            m_binds.append(QVariant(QStringLiteral("")));
        else
            m_binds.append(param.value);
        return *this;
    }

    // SQL that embeds another statement's text (whose placeholders are all inside `sql`, in
    // order) followed by that statement's binds.
    Statement &embed(const QString &sql, const QVariantList &binds)
    {
        m_hashed = false;
        m_text += sql;
        m_binds += binds;
        return *this;
    }
    // The same with a whole statement, whose marked binds stay marked.
    Statement &embed(const Statement &other)
    {
        for (const auto &[slot, index] : other.m_slots)
            m_slots.append({slot, m_binds.size() + index});
        return embed(other.m_text, other.m_binds);
    }

    // Binds that a caller running the same statement again with other values looks for: the
    // statement is built once and only these values change (see rebind).
    enum class Slot { WakeWait, Fence };
    // Marks the bind added last as `slot`.
    Statement &mark(Slot slot)
    {
        Q_ASSERT(!m_binds.isEmpty());
        m_slots.append({slot, m_binds.size() - 1});
        return *this;
    }
    // The index of the bind marked `slot`; -1 when none is.
    qsizetype slotIndex(Slot slot) const
    {
        for (const auto &[marked, index] : m_slots) {
            if (marked == slot)
                return index;
        }
        return -1;
    }

    // Several statements separated by ";", sent as one text in one round trip (a MySQL
    // batch): their values are written into the text (Dialect::inlined), and the answer is
    // the last one's rows. 1 (the default): one statement, prepared.
    Statement &sentAsBatchOf(int statements)
    {
        m_statements = statements;
        return *this;
    }
    int statements() const { return m_statements; }

    const QString &text() const { return m_text; }
    // The text with its hash, worked out once for a statement that is run again and again.
    StatementKey key() const
    {
        if (!m_hashed) {
            m_hash = StatementKey::hashOf(m_text);
            m_hashed = true;
        }
        return {m_text, m_hash};
    }
    const QVariantList &binds() const { return m_binds; }
    // The text with each "?" outside quoted text and quoted names replaced by literal(bind),
    // bind after bind (Dialect::inlined for a batch, shownStatement for the admin to read).
    template<typename Literal>
    QString withLiterals(Literal literal) const
    {
        QString out;
        out.reserve(m_text.size() + 32 * m_binds.size());
        qsizetype next = 0;
        QChar quote;
        for (const QChar c : m_text) {
            if (!quote.isNull()) {
                if (c == quote)
                    quote = QChar();
                out += c;
            } else if (c == u'\'' || c == u'"' || c == u'`') {
                quote = c;
                out += c;
            } else if (c == u'?' && next < m_binds.size()) {
                out += literal(m_binds.at(next++));
            } else {
                out += c;
            }
        }
        return out;
    }
    // Another value for the bind at `index` (the same statement, run again with it).
    // The same value again changes nothing: the list stays the one a connection encoded last,
    // which it then need not compare value by value (sameBinds).
    void rebind(qsizetype index, const QVariant &value)
    {
        if (!sameBind(m_binds.at(index), value))
            m_binds[index] = value;
    }
    // A value bound before is still `value` (same type, same nullness, equal): a statement
    // run again need not bind or encode it again.
    static bool sameBind(const QVariant &bound, const QVariant &value)
    {
        return bound.metaType() == value.metaType() && bound.isNull() == value.isNull()
               && bound == value;
    }
    // `values` is the very list encoded last (`bound`, kept by a connection): the statement was
    // not rebound since (see rebind), so no value needs comparing.
    static bool sameBinds(const QVariantList &bound, const QVariantList &values)
    {
        return bound.size() == values.size() && bound.constData() == values.constData();
    }

private:
    QString m_text;
    QVariantList m_binds;
    QList<std::pair<Slot, qsizetype>> m_slots;
    mutable size_t m_hash = 0;
    mutable bool m_hashed = false;
    int m_statements = 1;
};

} // namespace lockcore
