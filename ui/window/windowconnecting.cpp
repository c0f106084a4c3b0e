// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: connecting. Opening a lock table or the demo database, the connection dialog,
// the password prompt after a refused login, another window, and the application lock tables
// found in the same database.

#include "mainwindow.h"

#include "clusterview.h"
#include "connectionband.h"
#include "connectiondialog.h"
#include "connectionprofile.h"
#include "demoworkload.h"
#include "lockactions.h"
#include "lockdetailspane.h"
#include "locktablemodel.h"
#include "locktablepanel.h"
#include "messagebar.h"
#include "nativelockspanel.h"
#include "problemalerts.h"
#include "profilecolumns.h"
#include "simulatorpanel.h"

#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QSpinBox>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

void MainWindow::openConnection(const WindowConnection &connection)
{
    if (m_demo && connection.spec.path != m_connection.spec.path)
        m_demo.reset(); // the simulated clients belong to the demo database only
    // A filter typed for another database's lock names would hide this one's without a word.
    if (connection.spec.redacted() != m_connection.spec.redacted()
        || connection.spec.path != m_connection.spec.path || connection.table != m_connection.table)
        m_filter->clear();
    m_connection = connection;
    if (m_connection.title.isEmpty())
        m_connection.title = connection.spec.redacted();
    // "Not connected", or the previous database's news, no longer applies.
    m_messageBar->hide();
    m_lastClock = {};
    m_clock->clear();
    m_refreshed->clear();
    m_panel->clear();
    m_alerts->start(connection.notifyProblems, ProblemAlerts::connectionKey(connection.spec,
                                                                            connection.table),
                    m_connection.title);
    m_details->clear();
    m_readOnlyBadge->setVisible(connection.readOnly);
    m_band->setConnection(connection.colour, m_connection.title);
    m_monitor->setInterval(m_interval->value());
    m_profile.reset();
    if (!connection.lockProfile.isEmpty()) {
        if (auto profile = Profile::fromMap(connection.lockProfile))
            m_profile = *profile;
    }
    // Application tables have no fence, no re-entry depth, no renewals and no history, and
    // some no holder or times; Lockscope shows and does there only what the application does.
    m_panel->setInapplicableColumns(m_profile ? profilecolumns::inapplicable(*m_profile)
                                              : QList<int>{});
    m_details->setApplicationProfile(m_profile ? m_profile->id : QString(),
                                     m_profile && m_profile->readOnly ? m_profile->readOnlyReason
                                                                      : QString());
    m_actions->setConnection(m_connection, m_profile);
    if (connection.spec.redacted() != m_detectedOn.spec.redacted()
        || connection.spec.path != m_detectedOn.spec.path) {
        m_detected.clear(); // another database
        rebuildApplicationTablesMenu();
    }
    m_monitor->start(connection.spec, connection.table, connection.connectTimeoutS,
                     connection.readOnly, connection.lockProfile);
    m_simulator->setConnection(connection.spec, connection.readOnly);
    // Terminates are audited in this Lockscope table's events (an application's table: dist_lock).
    m_nativeLocks->setConnection(connection.spec, connection.readOnly, connection.connectTimeoutS,
                                 connection.lockProfile.isEmpty() ? connection.table
                                                                  : u"dist_lock"_s);
    m_cluster->setConnection(connection.spec, connection.connectTimeoutS);
    retranslate();
    updateActions();
}

QString MainWindow::openDemo()
{
    auto spec = DemoWorkload::defaultSpec();
    if (!spec)
        return spec.error().message;
    const QString table = ConnectionProfile::defaultTable();
    if (const QString problem = DemoWorkload::prepare(*spec, table); !problem.isEmpty())
        return tr("The demo database %1 could not be prepared: %2").arg(spec->path, problem);
    WindowConnection connection;
    connection.spec = *spec;
    connection.table = table;
    connection.title = tr("Demo (simulated clients) \u2014 %1").arg(spec->path);
    openConnection(connection);
    m_demo = std::make_unique<DemoWorkload>();
    m_demo->start(*spec, table);
    m_messageBar->showMessage(
        MessageBar::Kind::Info,
        tr("This is the demo database: simulated clients take and give back its locks, and now "
           "and then one \u201c" "crashes\u201d so that its lease expires. Try a test-acquire or a "
           "force release."));
    return {};
}

bool MainWindow::isDemoRunning() const
{
    return m_demo && m_demo->isRunning();
}

void MainWindow::setProfileStore(ProfileStore *store, PasswordVault *vault)
{
    m_profiles = store;
    m_vault = vault;
}

MainWindow *MainWindow::newWindow()
{
    auto *window = new MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setSettingsFile(m_settingsFile);
    window->setProfileStore(m_profiles, m_vault);
    window->setLongHoldRules(m_longHolds);
    window->m_interval->setValue(m_interval->value());
    window->move(pos() + QPoint(40, 40)); // beside this one, not on top of it
    window->show();
    QTimer::singleShot(0, window, [window, start = m_connection] {
        window->showConnectionDialogOn(start);
    });
    return window;
}

void MainWindow::showConnectionDialog()
{
    showConnectionDialogOn(m_connection);
}

void MainWindow::showConnectionDialogOn(const WindowConnection &start)
{
    auto *dialog = new ConnectionDialog(m_profiles, m_vault, this);
    // On the saved profile the window was opened from, selected as such; else on this
    // connection as a new one.
    if (!dialog->showSavedProfile(start.profileName, start.spec) && !start.title.isEmpty())
        dialog->setProfile(start.profile());
    openConnectionDialog(dialog);
}

void MainWindow::showConnectionDialogWith(const ConnectionProfile &start)
{
    auto *dialog = new ConnectionDialog(m_profiles, m_vault, this);
    dialog->setProfile(start);
    openConnectionDialog(dialog);
}

void MainWindow::openConnectionDialog(ConnectionDialog *dialog)
{
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { openConnection(WindowConnection::of(dialog->profile())); });
    emit dialogAboutToShow(dialog);
    dialog->open();
}

void MainWindow::askForPassword()
{
    if (m_passwordPrompt)
        return; // already asking
    auto *prompt = new QInputDialog(this);
    prompt->setObjectName(u"passwordPrompt"_s);
    prompt->setAttribute(Qt::WA_DeleteOnClose);
    prompt->setWindowModality(Qt::WindowModal);
    prompt->setWindowTitle(tr("Password"));
    prompt->setLabelText(tr("The server refused the login of \"%1\" at %2.\nPassword:")
                             .arg(m_connection.spec.user, m_connection.spec.redacted()));
    prompt->setTextEchoMode(QLineEdit::Password);
    m_passwordPrompt = prompt;
    connect(prompt, &QInputDialog::textValueSelected, this, [this](const QString &password) {
        WindowConnection connection = m_connection;
        connection.spec.password = password;
        openConnection(connection);
    });
    emit dialogAboutToShow(prompt);
    prompt->open();
}

void MainWindow::onDetected(const QList<DetectedTable> &tables)
{
    m_detected = tables;
    m_detectedOn = m_connection;
    rebuildApplicationTablesMenu();
    QStringList found;
    for (const DetectedTable &table : tables)
        found << tr("%1 (%2)").arg(table.table, table.profile);
    m_messageBar->showMessage(
        MessageBar::Kind::Info,
        tr("This database also has lock tables of other applications: %1. Open one from "
           "File \u25b8 Application lock tables to see and manage its locks the way that "
           "application does.")
            .arg(found.join(u", "_s)));
}

void MainWindow::rebuildApplicationTablesMenu()
{
    if (!m_applicationTablesMenu)
        return;
    m_applicationTablesMenu->clear();
    m_applicationTablesMenu->setEnabled(!m_detected.isEmpty());
    if (m_detected.isEmpty())
        return;
    QAction *own = m_applicationTablesMenu->addAction(
        tr("Lockscope's table (%1)").arg(m_detectedOn.table), this, [this] {
            openConnection(m_detectedOn);
        });
    own->setObjectName(u"openLockscopeTable"_s);
    m_applicationTablesMenu->addSeparator();
    for (const DetectedTable &table : std::as_const(m_detected)) {
        QAction *open = m_applicationTablesMenu->addAction(
            tr("%1 \u2014 %2").arg(table.table, table.profile), this, [this, table] {
                const auto profile = Profile::builtIn(table.profile);
                if (!profile)
                    return;
                WindowConnection connection = m_detectedOn;
                connection.table = table.table;
                connection.lockProfile = profile->toMap();
                openConnection(connection);
            });
        open->setObjectName(u"openApplicationTable_"_s + table.table);
    }
}

} // namespace ui
