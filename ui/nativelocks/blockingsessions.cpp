// SPDX-License-Identifier: GPL-3.0-or-later
// NativeLocksPanel, who blocks whom: the tree of the sessions that wait for a lock and those they
// wait for, and "Cancel statement…" / "Terminate session…" on the selected one (confirmed with a
// reason, run on the worker's thread against the session exactly as shown).

#include "nativelockspanel.h"

#include "blockingtreemodel.h"
#include "endsessiondialog.h"
#include "nativelocksworker.h"
#include "sessiontext.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTreeView>

using namespace Qt::StringLiterals;
using lockcore::BlockingSession;
using lockcore::NativeLockSnapshot;
using lockcore::SessionAction;
using lockcore::TerminateOutcome;

namespace ui {

void NativeLocksPanel::setUpBlockingTree()
{
    m_tree->setObjectName(u"blockingTree"_s);
    m_tree->setModel(m_treeModel);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setAlternatingRowColors(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setWordWrap(false);
    m_tree->setTextElideMode(Qt::ElideRight);
    m_tree->header()->setStretchLastSection(true); // the statement takes what is left
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    m_treeEmpty->setObjectName(u"blockingEmpty"_s);
    m_treeEmpty->setTextFormat(Qt::PlainText);
    m_treeTitle->setObjectName(u"blockingTitle"_s);
    m_listTitle->setObjectName(u"nativeLocksListTitle"_s);
    m_cancelStatement->setObjectName(u"cancelStatement"_s);
    m_endSession->setObjectName(u"terminateSession"_s);
    connect(m_tree, &QWidget::customContextMenuRequested, this, &NativeLocksPanel::showTreeMenu);
    connect(m_tree->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &NativeLocksPanel::updateTreeActions);
    connect(m_cancelStatement, &QPushButton::clicked, this,
            [this] { endSelectedSession(SessionAction::Cancel); });
    connect(m_endSession, &QPushButton::clicked, this,
            [this] { endSelectedSession(SessionAction::Terminate); });
    m_tree->hide();
}

QString NativeLocksPanel::blockingEmptyText() const
{
    return m_treeEmpty->isHidden() ? QString() : m_treeEmpty->text();
}

void NativeLocksPanel::showBlocking(const NativeLockSnapshot &snapshot)
{
    const QModelIndexList before = m_tree->selectionModel()->selectedRows();
    const qint64 selectedPid =
        before.isEmpty() ? 0 : before.first().data(BlockingTreeModel::PidRole).toLongLong();
    if (m_treeModel->setSnapshot(snapshot)) {
        // A new shape: everything expanded (the tree is how deep the trouble goes), the
        // selection back on its session when it is still there, room for the new texts.
        m_tree->expandAll();
        if (const QModelIndex at = m_treeModel->indexOfPid(selectedPid); at.isValid())
            m_tree->setCurrentIndex(at);
        const int gap = m_tree->fontMetrics().horizontalAdvance(u'M');
        for (int column = 0; column < BlockingTreeModel::Statement; ++column) {
            m_tree->resizeColumnToContents(column);
            m_tree->setColumnWidth(column, m_tree->columnWidth(column) + gap);
        }
    }
    if (m_sessionToSelect != 0) {
        if (const QModelIndex at = m_treeModel->indexOfPid(m_sessionToSelect); at.isValid()) {
            m_tree->setCurrentIndex(at);
            m_tree->scrollTo(at);
            m_sessionToSelect = 0;
        }
    }
    m_tree->setVisible(!m_treeModel->isEmpty());
    m_treeEmpty->setVisible(m_treeModel->isEmpty());
}

void NativeLocksPanel::showSession(qint64 pid)
{
    const QModelIndex at = m_treeModel->indexOfPid(pid);
    if (at.isValid()) {
        m_tree->setCurrentIndex(at);
        m_tree->scrollTo(at);
        m_sessionToSelect = 0;
        return;
    }
    m_sessionToSelect = pid; // the next read may show it
    ensureWorker();
    refresh();
}

QString NativeLocksPanel::whyNotEnd(SessionAction action) const
{
    if (m_readOnly)
        return tr("Read-only connection: cancelling and terminating sessions is not offered.");
    if (!m_workerStarted)
        return tr("Not connected.");
    if (m_ending)
        return tr("A cancel or terminate is under way.");
    const QModelIndexList rows = m_tree->selectionModel()->selectedRows();
    const BlockingSession *s = rows.isEmpty() ? nullptr : m_treeModel->sessionAt(rows.first());
    if (!s)
        return tr("Select a session in the tree first.");
    if (!m_readError.isEmpty())
        return tr("The last refresh failed: the session may have changed since it was shown.");
    const qint64 pid = s->session.pid;
    if (pid == m_treeModel->ownPid())
        return tr("Session %1 is the connection this tab reads with.").arg(pid);
    if (s->session.lockscopeSession)
        return tr("Session %1 is one of Lockscope's own connections (lockctl or a Lockscope "
                  "window): end it where it runs.")
            .arg(pid);
    if (s->session.user.isEmpty() && s->session.state.isEmpty())
        return tr("The read named session %1 as a blocker but could not describe it (it may "
                  "have ended just now): refresh first.")
            .arg(pid);
    if (action == SessionAction::Cancel && sessiontext::isIdle(s->session))
        return tr("Session %1 runs no statement (%2): there is nothing to cancel. Terminate "
                  "the session to end its transaction.")
            .arg(QString::number(pid), s->session.state);
    return {};
}

void NativeLocksPanel::updateTreeActions()
{
    const bool offered = !m_readOnly && m_capabilities.canTerminate;
    const std::pair<QPushButton *, SessionAction> buttons[] = {
        {m_cancelStatement, SessionAction::Cancel}, {m_endSession, SessionAction::Terminate}};
    for (const auto &[button, action] : buttons) {
        const QString why = whyNotEnd(action);
        button->setVisible(offered);
        button->setEnabled(why.isEmpty());
        button->setToolTip(!why.isEmpty() ? why
                           : action == SessionAction::Cancel
                               ? tr("Cancel the running statement of the selected session; the "
                                    "session and its transaction live on")
                               : tr("End the selected session: its transaction is rolled back "
                                    "and its locks are freed"));
    }
}

void NativeLocksPanel::showTreeMenu(const QPoint &at)
{
    const QModelIndex index = m_tree->indexAt(at);
    if (!index.isValid())
        return;
    m_tree->setCurrentIndex(index);
    QMenu menu(this);
    menu.setToolTipsVisible(true);
    if (!m_readOnly && m_capabilities.canTerminate) {
        for (QPushButton *button : {m_cancelStatement, m_endSession}) {
            QAction *action = menu.addAction(button->text(), button, &QPushButton::click);
            action->setEnabled(button->isEnabled());
            action->setToolTip(button->toolTip());
        }
        menu.addSeparator();
    }
    menu.addAction(m_refresh->text(), this, &NativeLocksPanel::refresh);
    menu.exec(m_tree->viewport()->mapToGlobal(at));
}

void NativeLocksPanel::endSelectedSession(SessionAction action)
{
    if (!whyNotEnd(action).isEmpty())
        return;
    const BlockingSession *s =
        m_treeModel->sessionAt(m_tree->selectionModel()->selectedRows().first());
    const lockcore::NativeLock target = s->session; // exactly as shown: the compare-and-set's
    EndSessionDialog dialog(target, action, m_databaseText, m_treeModel->dbNow(), this);
    if (answerOf(dialog) != QDialog::Accepted || dialog.reason().isEmpty())
        return;
    m_ending = true;
    updateActions();
    showMessage(action == SessionAction::Cancel
                    ? tr("Cancelling the statement of %1\u2026").arg(target.sessionText())
                    : tr("Terminating %1\u2026").arg(target.sessionText()),
                false);
    m_worker->endSession(target, action, dialog.reason());
}

void NativeLocksPanel::onEndSessionDone(const TerminateOutcome &outcome)
{
    m_ending = false;
    showOutcome(outcome, tr("Done: %1").arg(outcome.reason));
    updateActions();
    refresh();
    emit endSessionFinished();
}

void NativeLocksPanel::onEndSessionFailed(const QString &message)
{
    m_ending = false;
    showMessage(tr("Failed: %1").arg(message), true);
    updateActions();
    refresh();
    emit endSessionFinished();
}

void NativeLocksPanel::retranslateTree()
{
    m_treeTitle->setText(m_treeModel->tree().deadlock
                             ? tr("Who blocks whom: a deadlock, sessions wait for each other")
                             : tr("Who blocks whom"));
    m_listTitle->setText(tr("Advisory and user locks"));
    // No mnemonics: they open a confirmation, and no chord should come near one.
    m_cancelStatement->setText(tr("Cancel statement\u2026"));
    m_endSession->setText(tr("Terminate session\u2026"));
    m_treeEmpty->setText(!m_last ? tr("Who blocks whom: not read yet.")
                                 : tr("Nothing blocks: no session waits for a lock of the "
                                      "database's own."));
    updateTreeActions();
}

} // namespace ui
