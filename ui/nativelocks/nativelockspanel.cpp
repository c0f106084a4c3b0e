// SPDX-License-Identifier: GPL-3.0-or-later
#include "nativelockspanel.h"

#include "blockingtreemodel.h"
#include "nativelocksmodel.h"
#include "nativelocksworker.h"
#include "terminatesessiondialog.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;
using lockcore::ConnectionSpec;
using lockcore::NativeLock;
using lockcore::NativeLockSnapshot;
using lockcore::TerminateOutcome;

namespace ui {

NativeLocksPanel::NativeLocksPanel(QWidget *parent)
    : QWidget(parent), m_model(new NativeLocksModel(this)), m_worker(new NativeLocksWorker(this)),
      m_source(new QLabel(this)), m_message(new QLabel(this)), m_view(new QTableView(this)),
      m_refresh(new QPushButton(this)), m_terminate(new QPushButton(this)),
      m_namesLabel(new QLabel(this)), m_names(new QLineEdit(this)), m_timer(new QTimer(this)),
      m_treeModel(new BlockingTreeModel(this)), m_tree(new QTreeView(this)),
      m_treeTitle(new QLabel(this)), m_treeEmpty(new QLabel(this)), m_listTitle(new QLabel(this)),
      m_cancelStatement(new QPushButton(this)), m_endSession(new QPushButton(this))
{
    setObjectName(u"nativeLocksPanel"_s);
    m_source->setObjectName(u"nativeLocksSource"_s);
    m_source->setWordWrap(true);
    m_source->setTextFormat(Qt::PlainText);
    m_message->setObjectName(u"nativeLocksMessage"_s);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();
    m_refresh->setObjectName(u"nativeLocksRefresh"_s);
    m_terminate->setObjectName(u"nativeLocksTerminate"_s);

    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->setWordWrap(false);

    m_names->setObjectName(u"nativeLocksNames"_s);
    m_names->setClearButtonEnabled(true);
    m_namesLabel->setBuddy(m_names);
    connect(m_names, &QLineEdit::editingFinished, this, &NativeLocksPanel::refresh);

    setUpBlockingTree();
    QFont titleFont = m_treeTitle->font();
    titleFont.setBold(true);
    m_treeTitle->setFont(titleFont);
    m_listTitle->setFont(titleFont);
    auto *treeRow = new QHBoxLayout;
    treeRow->addWidget(m_treeTitle, 1);
    treeRow->addWidget(m_refresh);
    treeRow->addWidget(m_cancelStatement);
    treeRow->addWidget(m_endSession);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_listTitle, 1);
    buttons->addWidget(m_terminate);
    buttons->addSpacing(12);
    buttons->addWidget(m_namesLabel);
    buttons->addWidget(m_names, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_source);
    layout->addWidget(m_message);
    layout->addLayout(treeRow);
    layout->addWidget(m_treeEmpty);
    layout->addWidget(m_tree, 3);
    layout->addLayout(buttons);
    layout->addWidget(m_view, 2);

    m_timer->setInterval(refreshIntervalMs);
    connect(m_timer, &QTimer::timeout, this, &NativeLocksPanel::refresh);
    connect(m_refresh, &QPushButton::clicked, this, &NativeLocksPanel::refresh);
    connect(m_terminate, &QPushButton::clicked, this, &NativeLocksPanel::terminateSelected);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &NativeLocksPanel::updateActions);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &NativeLocksPanel::updateActions);
    connect(m_worker, &NativeLocksWorker::snapshotRead, this, &NativeLocksPanel::onSnapshot);
    connect(m_worker, &NativeLocksWorker::readFailed, this, &NativeLocksPanel::onReadFailed);
    connect(m_worker, &NativeLocksWorker::terminateDone, this, &NativeLocksPanel::onTerminated);
    connect(m_worker, &NativeLocksWorker::terminateFailed, this,
            &NativeLocksPanel::onTerminateFailed);
    connect(m_worker, &NativeLocksWorker::holderSessionsFound, this,
            &NativeLocksPanel::onHolderSessions);
    connect(m_worker, &NativeLocksWorker::holderSessionsFailed, this,
            &NativeLocksPanel::onHolderSessionsFailed);
    connect(m_worker, &NativeLocksWorker::endSessionDone, this,
            &NativeLocksPanel::onEndSessionDone);
    connect(m_worker, &NativeLocksWorker::endSessionFailed, this,
            &NativeLocksPanel::onEndSessionFailed);
    connect(m_worker, &NativeLocksWorker::rowLockersFound, this,
            [this](const QString &name, const lockcore::RowLockers &lockers) {
                onRowLockersAnswered();
                emit rowLockersFound(name, lockers);
            });
    connect(m_worker, &NativeLocksWorker::rowLockersFailed, this,
            [this](const QString &name, const QString &message) {
                onRowLockersAnswered();
                emit rowLockersFailed(name, message);
            });
    retranslate();
    updateActions();
}

NativeLocksPanel::~NativeLocksPanel() = default;

QStringList NativeLocksPanel::names() const
{
    static const QRegularExpression separators(u"[,\\s]+"_s);
    return m_names->text().split(separators, Qt::SkipEmptyParts);
}

void NativeLocksPanel::setNamesOnly(bool namesOnly)
{
    m_namesOnly = namesOnly;
}

void NativeLocksPanel::setConnection(const ConnectionSpec &spec, bool readOnly,
                                     int connectTimeoutS, const QString &auditTable)
{
    m_auditTable = auditTable;
    m_spec = spec;
    m_capabilities = lockcore::nativeLockCapabilities(spec);
    m_spec->readOnly = spec.readOnly || readOnly; // lockcore refuses terminate, not only the UI
    m_readOnly = m_spec->readOnly;
    m_connectTimeoutS = connectTimeoutS;
    m_worker->stop(); // the previous connection's reads no longer arrive
    m_workerStarted = false;
    m_terminating = false;
    m_ending = false;
    m_sessionToSelect = 0;
    m_rowLookUp.clear();
    m_rowLookUpNext.clear();
    m_databaseText = spec.redacted();
    m_last.reset();
    m_holderRows.clear();
    m_readError.clear();
    m_model->clear();
    m_treeModel->clear();
    setStale(false);
    m_message->hide();
    if (isVisible())
        ensureWorker();
    retranslate();
    updateActions();
}

void NativeLocksPanel::ensureConnection()
{
    if (m_worker->hasConnection() || !m_spec || !m_capabilities.supported)
        return;
    m_worker->setConnection(*m_spec, m_connectTimeoutS, m_auditTable);
}

void NativeLocksPanel::ensureWorker()
{
    if (m_workerStarted || !m_spec || !m_capabilities.supported)
        return;
    ensureConnection();
    m_workerStarted = true;
    refresh();
}

void NativeLocksPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    ensureWorker();
    if (m_workerStarted) {
        refresh();
        m_timer->start();
    }
}

void NativeLocksPanel::hideEvent(QHideEvent *event)
{
    m_timer->stop();
    QWidget::hideEvent(event);
}

void NativeLocksPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void NativeLocksPanel::refresh()
{
    if (!m_workerStarted)
        return;
    // A read under way answers soon; no second one piles up behind it.
    const bool named = m_capabilities.namedLocks;
    m_worker->read(named ? names() : QStringList(), named && m_namesOnly);
}

void NativeLocksPanel::onSnapshot(const NativeLockSnapshot &snapshot)
{
    const bool firstOrResized = !m_last || m_last->locks.size() != snapshot.locks.size();
    m_last = snapshot;
    m_readError.clear();
    setStale(false);
    showSnapshot(snapshot);
    showBlocking(snapshot);
    if (m_holderToSelect)
        m_holderToSelect = !selectHolderRow();
    if (firstOrResized) // new rows: room for their texts (the user's widths stay otherwise)
        m_view->resizeColumnsToContents();
    retranslate();
    updateActions();
    emit snapshotShown();
}

// The read, and the holder's sessions it does not list.
void NativeLocksPanel::showSnapshot(const NativeLockSnapshot &snapshot)
{
    NativeLockSnapshot shown = snapshot;
    for (const NativeLock &session : std::as_const(m_holderRows)) {
        const bool listed = std::any_of(
            snapshot.locks.cbegin(), snapshot.locks.cend(), [&session](const NativeLock &lock) {
                return lock.pid == session.pid && lock.key == session.key;
            });
        if (!listed)
            shown.locks.append(session);
    }
    // The selection follows the session's lock it was made on, or is cleared: when its row goes
    // (a terminated session), Qt would select the row that takes its place, another session.
    const QModelIndexList before = m_view->selectionModel()->selectedRows();
    const std::optional<NativeLock> selected =
        before.isEmpty() ? std::nullopt : std::optional(m_model->lockAt(before.first().row()));
    m_model->setSnapshot(shown);
    const int row = selected ? m_model->rowOf(selected->pid, selected->key, selected->granted)
                             : -1;
    if (row >= 0)
        m_view->selectRow(row);
    else
        m_view->selectionModel()->clear();
}

void NativeLocksPanel::onReadFailed(const QString &message)
{
    m_readError = message;
    setStale(m_last.has_value()); // what is shown is older than this refresh
    retranslate();
    updateActions();
}

// Rows older than the last refresh must not look live: greyed until a read succeeds.
void NativeLocksPanel::setStale(bool stale)
{
    m_treeModel->setStale(stale);
    for (QWidget *view : {static_cast<QWidget *>(m_tree), static_cast<QWidget *>(m_view)}) {
        QPalette palette = view->palette();
        palette.setColor(QPalette::Active, QPalette::Text,
                         stale ? palette.color(QPalette::Disabled, QPalette::Text)
                               : QApplication::palette(view).color(QPalette::Active,
                                                                   QPalette::Text));
        view->setPalette(palette);
    }
    m_treeEmpty->setEnabled(!stale);
    m_tree->viewport()->update();
    m_view->viewport()->update();
}

bool NativeLocksPanel::canTerminate() const
{
    if (m_readOnly || !m_workerStarted || m_terminating)
        return false;
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.size() != 1)
        return false;
    const QModelIndex row = rows.first();
    // (A connection of Lockscope's own other than this one may hold a stuck lock: an
    // application using lockcore. It is marked, and may be ended as any holder. The
    // lockscope-session: user locks that name them are not listed: NativeLockReader.)
    return row.data(NativeLocksModel::GrantedRole).toBool()
           && !row.data(NativeLocksModel::OwnSessionRole).toBool();
}

void NativeLocksPanel::updateActions()
{
    updateTreeActions();
    m_terminate->setVisible(!m_readOnly && m_capabilities.canTerminate);
    m_terminate->setEnabled(canTerminate());
    m_refresh->setEnabled(m_workerStarted);
}

void NativeLocksPanel::terminateSelected()
{
    if (!canTerminate())
        return;
    const int row = m_view->selectionModel()->selectedRows().first().row();
    const NativeLock target = m_model->lockAt(row);
    TerminateSessionDialog dialog(target, this);
    dialog.showDatabase({m_databaseText, ConnectionColour::None}); // which server it ends on
    if (answerOf(dialog) != QDialog::Accepted || dialog.reason().isEmpty())
        return;
    m_terminating = true;
    updateActions();
    showMessage(tr("Terminating %1\u2026").arg(target.sessionText()), false);
    m_worker->terminate(target, dialog.reason());
}

void NativeLocksPanel::onTerminated(const TerminateOutcome &outcome)
{
    m_terminating = false;
    showOutcome(outcome, outcome.lockFreed
                             ? tr("Terminated: %1 The lock is free now.").arg(outcome.reason)
                             : tr("Terminated: %1").arg(outcome.reason));
    updateActions();
    refresh();
    emit terminateFinished();
}

int NativeLocksPanel::answerOf(QDialog &dialog)
{
    bool answered = false; // by a test hook, before the dialog is shown
    connect(&dialog, &QDialog::finished, this, [&answered] { answered = true; });
    emit dialogAboutToShow(&dialog);
    return answered ? dialog.result() : dialog.exec();
}

void NativeLocksPanel::showOutcome(const TerminateOutcome &outcome, const QString &doneText)
{
    switch (outcome.status) {
    case TerminateOutcome::Status::Terminated:
        showMessage(doneText, false);
        break;
    case TerminateOutcome::Status::Refused:
        showMessage(tr("Refused: %1").arg(outcome.reason), true);
        break;
    case TerminateOutcome::Status::Failed:
        showMessage(tr("Failed: %1").arg(outcome.reason), true);
        break;
    }
}

void NativeLocksPanel::onTerminateFailed(const QString &message)
{
    m_terminating = false;
    showMessage(tr("Failed: %1").arg(message), true);
    updateActions();
    emit terminateFinished();
}

void NativeLocksPanel::showMessage(const QString &text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? u"color: #b00020;"_s : QString());
    m_message->show();
}

QString NativeLocksPanel::sourceText() const
{
    return m_source->text();
}

QString NativeLocksPanel::messageText() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

void NativeLocksPanel::retranslate()
{
    m_refresh->setText(tr("&Refresh"));
    m_terminate->setText(tr("&Terminate holding session\u2026"));
    m_terminate->setToolTip(tr("End the database session that holds the selected lock "
                               "(only if it still holds it), with a reason for the audit"));
    m_namesLabel->setText(tr("Look up &names:"));
    m_names->setPlaceholderText(tr("user-lock names, separated by commas"));
    m_names->setToolTip(tr("Names looked up with IS_USED_LOCK on every read, besides what the "
                           "server lists: the only way to see a user lock on a server without "
                           "performance_schema or the metadata_lock_info plugin"));
    m_namesLabel->setVisible(m_capabilities.namedLocks);
    m_names->setVisible(m_capabilities.namedLocks);
    QString source;
    if (!m_spec) {
        source = tr("Not connected.");
    } else if (!m_capabilities.supported) {
        source = tr("SQLite has no such locks: it has no advisory or user locks that sessions "
                    "hold, so there is nothing to show here. Lockscope's own lock table is in "
                    "the Locks tab.");
    } else if (!m_readError.isEmpty() && m_last) {
        source = tr("The last refresh failed: %1 What is shown is as of %2 (database clock), "
                    "greyed: it may have changed since.")
                     .arg(m_readError,
                          m_last->dbNow.toLocalTime().toString(u"HH:mm:ss"_s));
    } else if (!m_readError.isEmpty()) {
        source = tr("The database's locks could not be read: %1").arg(m_readError);
    } else if (!m_last) {
        source = tr("Reading the database's own locks\u2026");
    } else {
        const QString from = m_last->source == u"pg_locks"_s
                                 ? tr("pg_locks joined with pg_stat_activity")
                             : m_last->source == u"performance_schema"_s
                                 ? tr("performance_schema.metadata_locks joined with the "
                                      "processlist")
                             : m_last->source == u"metadata_lock_info"_s
                                 ? tr("information_schema.METADATA_LOCK_INFO joined with the "
                                      "processlist")
                                 : m_last->source;
        // The rows shown: the read's and the holder sessions it does not list.
        source = tr("Advisory and user locks from %1, read at %2 (database clock); %n row(s).",
                    nullptr, m_model->rowCount())
                     .arg(from, m_last->dbNow.toLocalTime().toString(u"HH:mm:ss"_s));
        if (!m_last->note.isEmpty())
            source += u' ' + m_last->note;
    }
    if (m_readOnly && m_spec && m_capabilities.canTerminate)
        source += u' ' + tr("Read-only connection: terminating sessions is not offered.");
    m_source->setText(source);
    retranslateTree();
}

} // namespace ui
