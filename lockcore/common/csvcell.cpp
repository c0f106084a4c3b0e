// SPDX-License-Identifier: Apache-2.0
#include "csvcell.h"

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

QString quoted(const QString &text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n')
        && !text.contains(u'\r'))
        return text;
    QString cell = text;
    cell.replace(u'"', u"\"\""_s);
    return u'"' + cell + u'"';
}

QString defused(const QString &text)
{
    static const QString starters = u"=+-@\t\r"_s;
    return !text.isEmpty() && starters.contains(text.front()) ? u'\'' + text : text;
}

} // namespace

QString csvCell(const QJsonValue &value)
{
    if (value.isNull())
        return {};
    if (value.isDouble())
        return QString::number(qint64(value.toDouble())); // a number, never a formula
    return quoted(defused(value.toString()));
}

} // namespace lockcore
