// SPDX-License-Identifier: GPL-3.0-or-later
#include "fittedcolumns.h"

#include "lockcells.h"
#include "lockdisplaystate.h"

#include <QStyle>
#include <QTableView>

namespace ui {

namespace {

// QStyledItemDelegate's margins (the focus frame's on each side, and one), and a spare em.
int fitted(const QTableView *view, int textWidth)
{
    const QFontMetrics metrics = view->fontMetrics();
    const int margin = view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
    return textWidth + 2 * margin + metrics.horizontalAdvance(u'M');
}

} // namespace

int stateColumnWidth(const QTableView *view)
{
    const QFontMetrics metrics = view->fontMetrics();
    int text = 0;
    for (const auto state : {LockDisplayState::Free, LockDisplayState::Held,
                             LockDisplayState::Expired, LockDisplayState::LostOwner,
                             LockDisplayState::NotRenewing})
        text = qMax(text, metrics.horizontalAdvance(lockDisplayStateText(state)));
    return fitted(view, text);
}

int heldForColumnWidth(const QTableView *view)
{
    // The widest rounded holds: under a minute, an hour, a day, and days.
    constexpr qint64 Minute = 60'000;
    int text = 0;
    for (const qint64 ms : {59'000LL, 59 * Minute, 23 * 60 * Minute + 59 * Minute,
                            999 * 24 * 60 * Minute + 23 * 60 * Minute})
        text = qMax(text, view->fontMetrics().horizontalAdvance(lockcells::endedHeldText(ms)));
    return fitted(view, text);
}

} // namespace ui
