// SPDX-License-Identifier: GPL-3.0-or-later
#include "statuscounts.h"

#include "lockfilterproxymodel.h"
#include "locktablepanel.h"
#include "lockwindowmodel.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

// The texts are in MainWindow's translation context, where the counts always were.
struct CountsTr
{
    Q_DECLARE_TR_FUNCTIONS(ui::MainWindow)
};

} // namespace

int shownCount(const LockTablePanel &panel)
{
    const LockTableQuery query = panel.query();
    if (query.filterText.isEmpty() && query.state.isAny())
        return -1;
    if (panel.isWindowed()) // the database filters: its count of the matching rows
        return int(panel.windowModel()->page().matching);
    return panel.proxy()->rowCount();
}

QString statusCountsText(const LockTableModel::Counts &counts, int shown,
                         const QDateTime &readAt)
{
    const QString text =
        shown < 0 ? CountsTr::tr("%n lock(s): %1 held, %2 expired, %3 free", nullptr,
                                 counts.total)
                        .arg(counts.held)
                        .arg(counts.expired)
                        .arg(counts.free)
                  : CountsTr::tr("%1 shown of %n lock(s): %2 held, %3 expired, %4 free", nullptr,
                                 counts.total)
                        .arg(shown)
                        .arg(counts.held)
                        .arg(counts.expired)
                        .arg(counts.free);
    if (!readAt.isValid())
        return text;
    return CountsTr::tr("As of %1: %2")
        .arg(readAt.toLocalTime().toString(u"HH:mm:ss"_s), text);
}

} // namespace ui
