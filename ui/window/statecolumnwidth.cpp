#include "statecolumnwidth.h"

#include "lockdisplaystate.h"

#include <QStyle>
#include <QTableView>

namespace ui {

int stateColumnWidth(const QTableView *view)
{
    const QFontMetrics metrics = view->fontMetrics();
    int text = 0;
    for (const auto state : {LockDisplayState::Free, LockDisplayState::Held,
                             LockDisplayState::Expired, LockDisplayState::LostOwner})
        text = qMax(text, metrics.horizontalAdvance(lockDisplayStateText(state)));
    // QStyledItemDelegate's margins (the focus frame's on each side, and one), and a spare em.
    const int margin = view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
    return text + 2 * margin + metrics.horizontalAdvance(u'M');
}

} // namespace ui
