// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockactions.h"

#include "actiontext.h"
#include "adminstatements.h"
#include "databasetarget.h"
#include "deletelockdialog.h"
#include "dialect.h"
#include "dialogexec.h"
#include "forcereleasedialog.h"
#include "forcereleasemanydialog.h"
#include "holderid.h"
#include "initlockdialog.h"
#include "lockctlcommand.h"
#include "lockmonitor.h"
#include "lockrowtext.h"
#include "locktablemodel.h"
#include "locktablepanel.h"
#include "messagebar.h"
#include "schemadialog.h"
#include "testacquiredialog.h"
#include "testholds.h"

#include <QAction>
#include <algorithm>
#include <QApplication>
#include <QClipboard>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTableView>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

LockActions::LockActions(LockTablePanel *panel, LockMonitor *monitor, TestHolds *holds,
                         MessageBar *messages, QMainWindow *window)
    : QObject(window), m_panel(panel), m_monitor(monitor), m_holds(holds), m_messages(messages),
      m_window(window)
{
    m_writeActions = {
        onTable(u"initializeAction"_s, QKeySequence(u"Ctrl+N"_s), &LockActions::initializeLock),
        onTable(u"testAcquireAction"_s, QKeySequence(u"Ctrl+T"_s), &LockActions::testAcquire),
        onTable(u"renewAction"_s, QKeySequence(u"Ctrl+E"_s), &LockActions::renewOwn),
        onTable(u"releaseAction"_s, QKeySequence(u"Ctrl+L"_s), &LockActions::releaseOwn),
        onTable(u"forceReleaseAction"_s, QKeySequence(u"Ctrl+Shift+F"_s),
                &LockActions::forceRelease),
        onTable(u"deleteAction"_s, QKeySequence::Delete, &LockActions::deleteLock),
        onTable(u"createSchemaAction"_s, QKeySequence(u"Ctrl+Shift+D"_s),
                &LockActions::createSchema),
    };
    m_copyLock = onTable(u"copyLockAction"_s, QKeySequence::Copy, &LockActions::copyLock);
    m_copyCommand = onTable(u"copyCommandAction"_s, QKeySequence(u"Ctrl+Shift+C"_s),
                            &LockActions::copyLockCommand);
    connect(m_monitor, &LockMonitor::adminDone, this, &LockActions::onAdminDone);
}

// An action whose shortcut works only while the lock table (or a child of it) has focus.
QAction *LockActions::onTable(const QString &objectName, const QKeySequence &shortcut,
                              void (LockActions::*slot)())
{
    auto *action = new QAction(this);
    action->setObjectName(objectName);
    action->setShortcut(shortcut);
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(action, &QAction::triggered, this, slot);
    m_panel->view()->addAction(action);
    return action;
}

void LockActions::setConnection(const WindowConnection &connection,
                                const std::optional<Profile> &profile)
{
    m_connection = connection;
    m_profile = profile;
    for (QAction *write : std::as_const(m_writeActions))
        write->setVisible(!connection.readOnly && offered(write->objectName()));
    update();
}

// On an application's table, only what its application does: no renewal, no Lockscope
// schema or row deletion, Initialize only where it pre-creates its rows, and nothing at all
// where Lockscope must not write (Profile::readOnly).
bool LockActions::offered(const QString &action) const
{
    if (!m_profile)
        return true;
    if (m_profile->readOnly)
        return false;
    if (action == u"initializeAction")
        return m_profile->hasInitialize;
    return action == u"testAcquireAction" || action == u"releaseAction"
           || action == u"forceReleaseAction";
}

QString LockActions::tableName() const
{
    return shownTable(m_connection, m_profile);
}

int LockActions::execDialog(QDialog *dialog)
{
    emit dialogAboutToShow(dialog);
    return execAnswerable(dialog);
}

void LockActions::update()
{
    const QList<LockInfo> all = m_panel->selectedLocks();
    const std::optional<LockInfo> chosen =
        all.size() == 1 ? std::optional(all.constFirst()) : std::nullopt;
    // Nothing while connecting (nothing is known yet) or while the login is refused. Creating
    // the schema needs a connection only (a database whose table is missing is down, and the
    // table is created from here); what acts on the lock table needs the table to answer.
    const LockMonitor::Health health = m_monitor->health();
    const bool connected = health != LockMonitor::Health::Idle
                           && health != LockMonitor::Health::Connecting
                           && health != LockMonitor::Health::LoginRefused;
    const bool answering = health == LockMonitor::Health::Ok
                           || health == LockMonitor::Health::Slow;
    const bool own = chosen && m_holds->holds(chosen->name);
    // On an application's table: only what that application itself does.
    const bool native = !m_profile;
    auto enable = [this](const QString &name, bool enabled) {
        findChild<QAction *>(name)->setEnabled(enabled);
    };
    enable(u"initializeAction"_s, answering && (native || m_profile->hasInitialize));
    enable(u"testAcquireAction"_s, answering);
    enable(u"createSchemaAction"_s, connected && native);
    enable(u"renewAction"_s, own && native);
    enable(u"releaseAction"_s, own);
    enable(u"forceReleaseAction"_s,
           std::any_of(all.cbegin(), all.cend(),
                       [](const LockInfo &lock) { return lock.state != LockState::Free; }));
    enable(u"deleteAction"_s, native && chosen && chosen->state != LockState::Held);
    // Nothing is written to the database: offered in read-only mode too.
    m_copyLock->setEnabled(chosen.has_value());
    m_copyCommand->setEnabled(chosen.has_value());
}

void LockActions::retranslate()
{
    const auto set = setActionText;
    auto named = [this](const QString &name) { return findChild<QAction *>(name); };
    set(named(u"initializeAction"_s), tr("&Initialize\u2026"),
        tr("Create a lock (never overwrites)"));
    set(named(u"testAcquireAction"_s), tr("&Test-acquire\u2026"),
        tr("Acquire the selected lock as the admin, to test it"));
    set(named(u"renewAction"_s), tr("Re&new"), tr("Renew your own test hold of the selected lock"));
    set(named(u"releaseAction"_s), tr("&Release"),
        tr("Release your own test hold of the selected lock"));
    set(named(u"forceReleaseAction"_s), tr("&Force release\u2026"),
        tr("Take the selected lock away from its holder, with a reason"));
    set(named(u"deleteAction"_s), tr("&Delete\u2026"),
        tr("Delete the selected lock (free locks only)"));
    set(named(u"createSchemaAction"_s), tr("Create &schema\u2026"),
        tr("Show, copy or run the DDL of the lock tables"));
    set(m_copyLock, tr("&Copy"),
        tr("Copy the selected lock's row, with the column titles, for a ticket or a chat"));
    set(m_copyCommand, tr("Copy as loc&kctl command"),
        tr("Copy the lockctl commands that show the selected lock and force-release it with "
           "the fencing token seen here (no password)"));
}

std::shared_ptr<const Dialect> LockActions::dialect() const
{
    // The connected database's dialect; before a connection opened, the one the URL names (an
    // ODBC data source's database is known only once connected: until then, SQLite's).
    std::unique_ptr<Dialect> dialect;
    if (const auto kind = m_monitor->dialectKind())
        dialect = Dialect::create(*kind);
    else
        dialect = Dialect::forDriver(m_connection.spec.qtDriverName(), QString());
    if (!dialect)
        dialect = Dialect::create(Dialect::Kind::SQLite);
    return dialect;
}

// The statements a force release of `seen` sends (the SQL section of its confirmation).
QString LockActions::forceReleaseSql(const Dialect &dialect, const LockInfo &seen,
                                     const QString &reason) const
{
    if (!m_profile)
        return lockcore::forceReleaseSql(dialect, TableNames::fromTable(m_connection.table),
                                         seen.name, seen.fence, actorId(u"lockscope"_s), reason);
    // The stored time as the worker compares it (ProfileReader::storedSeenTime), for a table
    // that stores UTC; a table in the database's local time compares it moved by its offset.
    std::optional<qint64> seenTime;
    if (!m_profile->seenTimeColumn().isEmpty()) {
        const QDateTime &time =
            m_profile->columns.expires.isEmpty() ? seen.acquiredAt : seen.expiresAt;
        if (time.isValid())
            seenTime = time.toMSecsSinceEpoch();
    }
    return profileForceReleaseSql(dialect, *m_profile, tableName(), seen.name, seen.holder,
                                  seenTime);
}

void LockActions::initializeLock()
{
    InitLockDialog dialog(m_window);
    dialog.showDatabase(DatabaseTarget::of(m_connection));
    dialog.setSql([this, dialect = this->dialect()](const QString &name, qint64 ttlMs,
                                                    const QString &description) {
        return m_profile ? profileInitializeSql(*dialect, *m_profile, tableName(), name, QString())
                         : initializeSql(*dialect, TableNames::fromTable(m_connection.table),
                                         name, ttlMs, description, actorId(u"lockscope"_s));
    });
    if (execDialog(&dialog) != QDialog::Accepted)
        return;
    AdminRequest request;
    request.kind = AdminRequest::Kind::Initialize;
    request.name = dialog.name();
    request.ttlMs = dialog.ttlMs();
    request.text = dialog.description();
    m_monitor->submit(request);
}

void LockActions::testAcquire()
{
    const auto chosen = m_panel->selectedLock();
    TestAcquireDialog dialog(chosen ? chosen->name : QString(), m_window);
    if (chosen)
        dialog.offerLockLease(chosen->ttlMs);
    if (m_profile)
        dialog.setApplicationTable(!m_profile->columns.expires.isEmpty());
    if (execDialog(&dialog) != QDialog::Accepted)
        return;
    // Application tables are not renewed: their applications do not renew either.
    m_holds->acquire(dialog.name(), dialog.holder(), dialog.ttlMs(), dialog.holdMs(),
                     dialog.autoRenew() && !m_profile);
}

void LockActions::renewOwn()
{
    if (const auto chosen = m_panel->selectedLock())
        m_holds->renew(chosen->name);
}

void LockActions::releaseOwn()
{
    if (const auto chosen = m_panel->selectedLock())
        m_holds->release(chosen->name);
}

// The lock as the admin saw it when asking: the dialog shows it, and the database releases it
// only while its fence (an application's table: its holder and times) is still that one.
void LockActions::forceRelease()
{
    QList<LockInfo> held = m_panel->selectedLocks();
    held.removeIf([](const LockInfo &lock) { return lock.state == LockState::Free; });
    if (held.size() > 1)
        return forceReleaseMany(held);
    const auto seen = m_panel->selectedLock();
    if (!seen)
        return;
    const qint64 remaining = m_panel->remainingMs(seen->name);
    ForceReleaseDialog dialog(*seen, remaining, m_window, m_profile ? m_profile->id : QString());
    dialog.showDatabase(DatabaseTarget::of(m_connection));
    dialog.setSql([this, dialect = dialect(), lock = *seen](const QString &reason) {
        return forceReleaseSql(*dialect, lock, reason);
    });
    if (execDialog(&dialog) != QDialog::Accepted)
        return;
    AdminRequest request;
    request.kind = AdminRequest::Kind::ForceRelease;
    request.name = seen->name;
    request.fence = seen->fence;
    request.text = dialog.reason();
    request.holder = seen->holder;
    request.seenAcquiredAt = seen->acquiredAt;
    request.seenExpiresAt = seen->expiresAt;
    m_monitor->submit(request);
}

void LockActions::forceReleaseMany(const QList<LockInfo> &seen)
{
    ForceReleaseManyDialog dialog(seen, m_window);
    dialog.showDatabase(DatabaseTarget::of(m_connection));
    dialog.setSql([this, dialect = dialect(), seen](const QString &reason) {
        QStringList each;
        for (const LockInfo &lock : seen)
            each << forceReleaseSql(*dialect, lock, reason);
        return each.join(u"\n\n"_s);
    });
    if (execDialog(&dialog) != QDialog::Accepted)
        return;
    for (const LockInfo &lock : seen) {
        AdminRequest request;
        request.kind = AdminRequest::Kind::ForceRelease;
        request.name = lock.name;
        request.fence = lock.fence;
        request.text = dialog.reason();
        request.holder = lock.holder;
        request.seenAcquiredAt = lock.acquiredAt;
        request.seenExpiresAt = lock.expiresAt;
        m_batch.waiting.insert(m_monitor->submit(request));
        ++m_batch.total;
    }
}

// One outcome of a force release of several locks; all of them in one message once the last
// one is in. False: not part of one.
bool LockActions::collectBatch(const AdminResult &result)
{
    if (!m_batch.waiting.remove(result.request.id))
        return false;
    if (result.error)
        m_batch.outcomes << tr("\"%1\": failed: %2").arg(result.request.name,
                                                        result.error->message);
    else
        m_batch.outcomes << result.summary;
    m_batch.released += result.done ? 1 : 0;
    if (!m_batch.waiting.isEmpty())
        return true;
    const Batch batch = std::exchange(m_batch, Batch{});
    m_messages->showMessage(batch.released == batch.total ? MessageBar::Kind::Success
                                                          : MessageBar::Kind::Warning,
                            tr("Force-released %1 of %n lock(s).", nullptr, batch.total)
                                    .arg(batch.released)
                                + u'\n' + batch.outcomes.join(u'\n'));
    return true;
}

// Deleted only while its fence is still the one the admin saw. Cancel is the default and no
// chord confirms it: typing on into a dialog that opened unexpectedly deletes nothing.
void LockActions::deleteLock()
{
    const auto seen = m_panel->selectedLock();
    if (!seen)
        return;
    DeleteLockDialog dialog(*seen, m_window);
    dialog.showDatabase(DatabaseTarget::of(m_connection));
    dialog.setSql([this, dialect = dialect(), lock = *seen](const QString &) {
        return lockcore::deleteSql(*dialect, TableNames::fromTable(m_connection.table), lock,
                                   actorId(u"lockscope"_s));
    });
    if (execDialog(&dialog) != QDialog::Accepted)
        return;
    AdminRequest request;
    request.kind = AdminRequest::Kind::Delete;
    request.name = seen->name;
    request.fence = seen->fence;
    m_monitor->submit(request);
}

void LockActions::createSchema()
{
    const std::shared_ptr<const Dialect> dialect = this->dialect();
    const QStringList statements = dialect->schema(TableNames::fromTable(m_connection.table));
    SchemaDialog dialog(dialect->name(), statements, !m_connection.readOnly, m_window);
    connect(&dialog, &SchemaDialog::runRequested, this, [this] {
        AdminRequest request;
        request.kind = AdminRequest::Kind::CreateSchema;
        m_monitor->submit(request);
    });
    execDialog(&dialog);
}

void LockActions::onAdminDone(const AdminResult &result)
{
    if (result.request.automatic)
        return onScheduledDone(result);
    if (collectBatch(result))
        return;
    if (result.error) {
        // An explicit action failed: say so in a box the admin must acknowledge.
        m_messages->showMessage(MessageBar::Kind::Error, result.error->message);
        QMessageBox box(QMessageBox::Warning, tr("The action failed"), result.error->message,
                        QMessageBox::Ok, m_window);
        box.setDetailedText(result.error->fullText());
        execDialog(&box);
        return;
    }
    m_messages->showMessage(result.done ? MessageBar::Kind::Success : MessageBar::Kind::Warning,
                            result.summary, MessageBar::ResultTimeoutMs);
}

void LockActions::onScheduledDone(const AdminResult &result)
{
    // A test hold's own renewal or release: the table shows its effect. A failure is said in
    // the message bar while the hold is still the admin's (no box to acknowledge at each
    // retry); once it lapsed, the lapse says what happened.
    const AdminRequest &request = result.request;
    if (!result.error)
        return;
    const auto hold = m_holds->hold(request.name);
    if (request.kind == AdminRequest::Kind::Renew && (!hold || hold->fence != request.fence))
        return;
    const QString text = request.kind == AdminRequest::Kind::Renew
                             ? tr("Renewing your test hold on \"%1\" failed; it is tried again "
                                  "until its lease ends. %2")
                             : tr("Your test hold on \"%1\" could not be released; its lease "
                                  "ends on its own. %2");
    m_messages->showMessage(MessageBar::Kind::Warning,
                            text.arg(request.name, result.error->message),
                            MessageBar::ResultTimeoutMs);
}

void LockActions::copyLock()
{
    QTableView *view = m_panel->view();
    const QModelIndexList rows = view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    QGuiApplication::clipboard()->setText(lockRowText(view, rows.first()));
    m_window->statusBar()->showMessage(
        tr("Copied the row of \"%1\".").arg(rows.first().data(Qt::DisplayRole).toString()),
        5000);
}

void LockActions::copyLockCommand()
{
    const auto chosen = m_panel->selectedLock();
    if (!chosen)
        return;
    LockctlTarget target;
    target.spec = m_connection.spec;
    target.table = tableName();
    if (m_profile) {
        target.profile = m_profile->id;
        target.profileNeedsTime = !m_profile->seenTimeColumn().isEmpty();
    }
    QGuiApplication::clipboard()->setText(lockctlCommands(target, *chosen, tr("describe why")));
    m_window->statusBar()->showMessage(
        tr("Copied the lockctl commands for \"%1\" (without the password).").arg(chosen->name),
        5000);
}

void LockActions::showContextMenu(const QPoint &at, const QList<QAction *> &more,
                                  QAction *refresh)
{
    QTableView *view = m_panel->view();
    const QModelIndex cell = view->indexAt(at);
    QMenu menu(m_window);
    if (cell.isValid()) {
        const QString text = cell.data(Qt::DisplayRole).toString();
        const QString title = view->model()->headerData(cell.column(), Qt::Horizontal).toString();
        QAction *copyCell = menu.addAction(tr("Copy \u201c%1\u201d").arg(title), this, [this, text] {
            QGuiApplication::clipboard()->setText(text);
            m_window->statusBar()->showMessage(tr("Copied \u201c%1\u201d.").arg(text), 5000);
        });
        copyCell->setObjectName(u"copyCellAction"_s);
        copyCell->setEnabled(!text.isEmpty());
        const auto lock = cell.data(LockTableModel::LockInfoRole).value<LockInfo>();
        if (!lock.holder.isEmpty()) {
            QAction *sameHolder = menu.addAction(
                tr("Show the locks of %1").arg(lock.holder), this,
                [this, holder = lock.holder] { emit filterRequested(holder); });
            sameHolder->setObjectName(u"sameHolderAction"_s);
        }
    }
    menu.addAction(m_copyLock);
    menu.addAction(m_copyCommand);
    menu.addActions(more);
    menu.addSeparator();
    for (QAction *write : std::as_const(m_writeActions))
        if (write->isVisible())
            menu.addAction(write);
    menu.addSeparator();
    menu.addAction(refresh);
    emit contextMenuAboutToShow(&menu);
    menu.exec(view->viewport()->mapToGlobal(at));
}

} // namespace ui
