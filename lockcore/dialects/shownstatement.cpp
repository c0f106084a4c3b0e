// SPDX-License-Identifier: Apache-2.0
#include "shownstatement.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

QString quoted(QString text)
{
    text.replace(u'\'', u"''"_s);
    return u'\'' + text + u'\'';
}

QString shownString(Dialect::Kind kind, const QString &text)
{
    if (!text.contains(u'\\'))
        return quoted(text);
    switch (kind) {
    case Dialect::Kind::PostgreSQL: {
        QString escaped = text;
        escaped.replace(u'\\', u"\\\\"_s);
        return u'E' + quoted(escaped);
    }
    case Dialect::Kind::MySQL:
        return u"_utf8mb4 X'"_s + QString::fromLatin1(text.toUtf8().toHex()) + u'\'';
    case Dialect::Kind::SQLite:
    case Dialect::Kind::Oracle:
        break;
    }
    return quoted(text); // a backslash is an ordinary character there
}

} // namespace

QString shownLiteral(const Dialect &dialect, const QVariant &value)
{
    if (value.isNull())
        return u"NULL"_s;
    switch (value.metaType().id()) {
    case QMetaType::QString:
        return shownString(dialect.kind(), value.toString());
    case QMetaType::QDateTime:
        return quoted(value.toDateTime().toUTC().toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s));
    case QMetaType::Bool:
        return value.toBool() ? u"1"_s : u"0"_s;
    default:
        break;
    }
    return dialect.Dialect::inlineLiteral(value); // numbers as they are; anything else quoted
}

QString shownStatement(const Dialect &dialect, const Statement &statement)
{
    return statement.withLiterals(
        [&dialect](const QVariant &value) { return shownLiteral(dialect, value); });
}

QString shownStatements(const Dialect &dialect, const QList<Statement> &statements)
{
    QStringList parts;
    for (const Statement &statement : statements) {
        if (statement.text().isEmpty())
            continue;
        QString text = shownStatement(dialect, statement).trimmed();
        if (!text.endsWith(u';'))
            text += u';';
        parts << text;
    }
    return parts.join(u"\n\n"_s);
}

} // namespace lockcore
