// SPDX-License-Identifier: GPL-3.0-or-later
#include "historytext.h"

#include "durationtext.h"
#include "eventkindtext.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

struct HistoryTr
{
    Q_DECLARE_TR_FUNCTIONS(LockHistory)
};

bool isToday(const QDateTime &at)
{
    return at.toLocalTime().date() == QDate::currentDate();
}

QString secondsTime(const QDateTime &at)
{
    return at.toLocalTime().toString(isToday(at) ? u"HH:mm:ss"_s : u"yyyy-MM-dd HH:mm:ss"_s);
}

QString isoUtc(const QDateTime &at)
{
    return at.toUTC().toString(Qt::ISODateWithMs);
}

} // namespace

namespace historytext {

QString listTime(const QDateTime &at)
{
    return isToday(at) ? at.toLocalTime().toString(u"HH:mm:ss.zzz"_s) : fullTime(at);
}

QString fullTime(const QDateTime &at)
{
    return at.isValid() ? at.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s) : QString();
}

QString eventText(const HistoryRow &row)
{
    if (!row.isFolded())
        return eventKindText(row.event.kind);
    return HistoryTr::tr("renewed %1 times, %2\u2013%3")
        .arg(QString::number(row.renewals), secondsTime(row.firstAt), secondsTime(row.event.at));
}

QString eventToolTip(const HistoryRow &row)
{
    if (!row.isFolded())
        return eventKindText(row.event.kind) + u", "_s + fullTime(row.event.at);
    return HistoryTr::tr("%1 renewals by %2 (fence %3) from %4 to %5; at most %6 between two.")
        .arg(QString::number(row.renewals), row.event.holder, QString::number(row.event.fence),
             fullTime(row.firstAt), fullTime(row.event.at), durationText(row.longestGapMs));
}

QString detailLine(const lockcore::LockEvent &event)
{
    if (event.detail.isEmpty())
        return {};
    if (event.kind == u"force_release")
        return HistoryTr::tr("Reason: %1").arg(event.detail);
    if (event.kind == u"init")
        return HistoryTr::tr("Description: %1").arg(event.detail);
    if (event.kind == u"delete")
        return HistoryTr::tr("Its description was: %1").arg(event.detail);
    return event.detail;
}

QStringList copyTitles()
{
    // The list's column titles as the details pane has always said them (their translations).
    const auto title = [](const char *text) {
        return QCoreApplication::translate("ui::LockDetailsPane", text);
    };
    return {title(QT_TRANSLATE_NOOP("ui::LockDetailsPane", "Time")),
            title(QT_TRANSLATE_NOOP("ui::LockDetailsPane", "Event")),
            title(QT_TRANSLATE_NOOP("ui::LockDetailsPane", "Holder")),
            title(QT_TRANSLATE_NOOP("ui::LockDetailsPane", "Fence")),
            title(QT_TRANSLATE_NOOP("ui::LockDetailsPane", "Actor")),
            title(QT_TRANSLATE_NOOP("ui::LockDetailsPane", "Detail"))};
}

QStringList copyCells(const HistoryRow &row)
{
    const QString time = row.isFolded() ? isoUtc(row.firstAt) + u'/' + isoUtc(row.event.at)
                                        : isoUtc(row.event.at);
    return {time, eventText(row), row.event.holder, QString::number(row.event.fence),
            row.event.actor, row.event.detail};
}

} // namespace historytext

} // namespace ui
