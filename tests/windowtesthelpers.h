// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the window suites (tst_mainwindow, tst_applicationtables) share: waiting for the lock
// table to show a lock, answering the next dialog the window opens, and a screenshot when asked
// (also tst_monitorwindow and tst_nativelockspanel).

#include "locktablemodel.h"
#include "mainwindow.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <functional>

namespace windowtest {

// Clicks the row of `view` whose first column shows `name`, as the admin would (`modifiers`:
// Ctrl adds it to the choice). False when no row shows it.
inline bool clickLock(QTableView *view, const QString &name,
                      Qt::KeyboardModifiers modifiers = {})
{
    for (int row = 0; row < view->model()->rowCount(); ++row) {
        const QModelIndex cell = view->model()->index(row, 0);
        if (cell.data().toString() != name)
            continue;
        QTest::mouseClick(view->viewport(), Qt::LeftButton, modifiers,
                          view->visualRect(cell).center());
        return true;
    }
    return false;
}

// The first message the window's bar showed (recorded by `shown`, a spy on
// MessageBar::messageShown) that contains `part`; empty if none. A later message, a problem
// notice say, may have replaced it on the bar before the test looked.
inline QString shownMessage(const QSignalSpy &shown, const QString &part)
{
    for (const QList<QVariant> &message : shown) {
        const QString text = message.at(1).toString();
        if (text.contains(part))
            return text;
    }
    return {};
}

// Saves what `widget` shows as <name>.png in LOCKSCOPE_SCREENSHOT_DIR, when it is set (for a
// person to look at; nothing is checked).
inline void grabIfAsked(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("LOCKSCOPE_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        widget->grab().save(dir + u'/' + name + QStringLiteral(".png"));
}

// Waits up to `timeoutMs` (10 s) for the window's lock table to show `name` (meeting
// `condition`, if given); 0: looks once.
inline bool waitForLock(ui::MainWindow *window, const QString &name,
                        const std::function<bool(const lockcore::LockInfo &)> &condition = {},
                        int timeoutMs = 10000)
{
    QElapsedTimer timer;
    timer.start();
    do {
        for (int row = 0; row < window->model()->rowCount(); ++row) {
            const auto info = window->model()
                                  ->index(row, 0)
                                  .data(ui::LockTableModel::LockInfoRole)
                                  .value<lockcore::LockInfo>();
            if (info.name == name && (!condition || condition(info)))
                return true;
        }
        if (timeoutMs > 0)
            QTest::qWait(50);
    } while (timer.elapsed() < timeoutMs);
    return false;
}

// The next dialog `window` shows (MainWindow::dialogAboutToShow) is handed to `configure`,
// which answers it; `slot` holds the one-shot connection.
template<typename Dialog>
void answerNextDialog(ui::MainWindow *window, QObject *context, QMetaObject::Connection &slot,
                      std::function<void(Dialog *)> configure)
{
    QObject::disconnect(slot);
    slot = QObject::connect(window, &ui::MainWindow::dialogAboutToShow, context,
                            [&slot, configure](QDialog *dialog) {
                                QObject::disconnect(slot);
                                auto *typed = qobject_cast<Dialog *>(dialog);
                                QVERIFY2(typed, dialog->metaObject()->className());
                                configure(typed);
                            });
}

} // namespace windowtest
