// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: its window-wide actions, menus and toolbar, and their texts in the interface
// language (the admin's actions on locks are LockActions', in ui/actions).

#include "mainwindow.h"

#include "actiontext.h"
#include "connectionband.h"
#include "language.h"
#include "lockactions.h"
#include "locktablepanel.h"
#include "messagebar.h"
#include "nativelockspanel.h"
#include "statefiltercombo.h"
#include "userguidedialog.h"

#include <QActionGroup>
#include <QApplication>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSpinBox>
#include <QToolBar>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

QAction *MainWindow::action(const QString &objectName) const
{
    return findChild<QAction *>(objectName);
}

void MainWindow::createActions()
{
    auto *connectAction = new QAction(this);
    connectAction->setObjectName(u"connectAction"_s);
    connectAction->setShortcut(QKeySequence::Open);
    connect(connectAction, &QAction::triggered, this, &MainWindow::showConnectionDialog);
    auto *demo = new QAction(this);
    demo->setObjectName(u"demoAction"_s);
    connect(demo, &QAction::triggered, this, [this] {
        if (const QString problem = openDemo(); !problem.isEmpty()) {
            QMessageBox box(QMessageBox::Warning, tr("The demo database could not be opened"),
                            problem, QMessageBox::Ok, this);
            execDialog(&box);
        }
    });
    auto *refresh = new QAction(this);
    refresh->setObjectName(u"refreshAction"_s);
    refresh->setShortcut(QKeySequence::Refresh);
    connect(refresh, &QAction::triggered, m_monitor, &LockMonitor::refreshNow);
    QWidget::addAction(refresh);
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(action(u"connectAction"_s));
    auto *another = m_fileMenu->addAction(QString(), this, [this] { newWindow(); });
    another->setObjectName(u"newWindowAction"_s);
    another->setShortcut(QKeySequence(u"Ctrl+Shift+N"_s)); // Ctrl+N initializes a lock
    m_fileMenu->addAction(action(u"openMappingAction"_s));
    m_fileMenu->addAction(action(u"demoAction"_s));
    m_fileMenu->addAction(action(u"refreshAction"_s));
    m_fileMenu->addAction(action(u"exportAction"_s));
    m_applicationTablesMenu = m_fileMenu->addMenu(QString());
    m_applicationTablesMenu->setObjectName(u"applicationTablesMenu"_s);
    m_applicationTablesMenu->setEnabled(false);
    m_fileMenu->addSeparator();
    auto *quit = m_fileMenu->addAction(QString(), this, &QWidget::close);
    quit->setObjectName(u"quitAction"_s);
    quit->setShortcut(QKeySequence::Quit);

    m_lockMenu = menuBar()->addMenu(QString());
    for (QAction *write : m_actions->writeActions()) {
        if (write->objectName() == u"createSchemaAction")
            m_lockMenu->addSeparator();
        m_lockMenu->addAction(write);
    }
    m_lockMenu->addSeparator();
    m_lockMenu->addAction(m_actions->copyLockAction());
    m_lockMenu->addAction(m_actions->copyCommandAction());
    m_lockMenu->addAction(action(u"showSessionAction"_s));
    m_lockMenu->addAction(action(u"showHolderLocksAction"_s));

    m_viewMenu = menuBar()->addMenu(QString());
    createViewMenu();
    m_languageMenu = m_viewMenu->addMenu(QString());
    m_languages = new QActionGroup(this);
    for (const QString &code : language::available()) {
        QAction *choice = m_languageMenu->addAction(language::displayName(code));
        choice->setObjectName(u"language_"_s + code);
        choice->setCheckable(true);
        choice->setChecked(code == language::current());
        choice->setData(code);
        m_languages->addAction(choice);
        connect(choice, &QAction::triggered, this, [this, code] {
            if (!language::apply(code))
                m_messageBar->showMessage(MessageBar::Kind::Warning,
                                          tr("No translation for %1 was found.")
                                              .arg(language::displayName(code)));
        });
    }

    m_helpMenu = menuBar()->addMenu(QString());
    auto *guide = m_helpMenu->addAction(QString(), this, [this] { showUserGuide(this); });
    guide->setObjectName(u"userGuideAction"_s);
    guide->setShortcut(QKeySequence::HelpContents);
    auto *about = m_helpMenu->addAction(QString(), this, [this] {
        QMessageBox::about(this, tr("About Lockscope"),
                           tr("<p><b>Lockscope</b> %1</p><p>Monitor and manage distributed locks "
                              "stored in database tables.</p>")
                                   .arg(QApplication::applicationVersion())
                               + tr("<p>Free software: lockscope and lockctl under the GNU GPL, "
                                    "version 3 or later; the lockcore library under the Apache "
                                    "License 2.0; the documentation under CC BY 4.0.</p>"));
    });
    about->setObjectName(u"aboutAction"_s);
}

void MainWindow::createViewMenu()
{
    QMenu *columns = m_panel->columnsMenu();
    m_viewMenu->addMenu(columns);
    auto *longHolds = m_viewMenu->addAction(QString(), this, &MainWindow::editLongHolds);
    longHolds->setObjectName(u"longHoldsAction"_s);
    m_viewMenu->addSeparator();
}

void MainWindow::createToolBar()
{
    QToolBar *tools = addToolBar(QString());
    tools->setObjectName(u"mainToolBar"_s);
    tools->setMovable(false);
    tools->setToolButtonStyle(Qt::ToolButtonTextOnly);
    tools->addAction(action(u"connectAction"_s));
    tools->addAction(action(u"refreshAction"_s));
    tools->addSeparator();
    for (QAction *write : m_actions->writeActions())
        tools->addAction(write);
}

void MainWindow::retranslate()
{
    // Qt adds the application's display name ("... \u2014 Lockscope"): not written again here.
    const bool connected = !m_connection.title.isEmpty();
    setWindowTitle(m_band->titleFor(!connected ? QString()
                                    : m_profile ? tr("%1 \u2014 %2 (%3)")
                                                      .arg(m_connection.title, tableName(),
                                                           m_profile->id)
                                                : m_connection.title));
    auto set = [this](const QString &name, const QString &text, const QString &tip) {
        if (QAction *a = action(name))
            setActionText(a, text, tip);
    };
    set(u"connectAction"_s, tr("&Connect\u2026"), tr("Open another lock table"));
    set(u"demoAction"_s, tr("Open the &demo database"),
        tr("An embedded SQLite database with simulated clients, to try things safely"));
    set(u"refreshAction"_s, tr("Re&fresh"), tr("Read the lock table now"));
    set(u"exportAction"_s, tr("&Export locks\u2026"),
        tr("Save the locks the table shows (after the filter) as CSV or JSON"));
    set(u"openMappingAction"_s, tr("Open &mapping\u2026"),
        tr("Show this database's table of another application, mapped by a JSON file (as "
           "lockctl --profile FILE.json)"));
    set(u"newWindowAction"_s, tr("New &window"),
        tr("Another window, to watch a second database beside this one"));
    set(u"longHoldsAction"_s, tr("&Long holds…"),
        tr("Set how long a hold may last, per lock name pattern, before the Held for column "
           "highlights it"));
    m_panel->columnsMenu()->setTitle(tr("&Columns"));
    m_actions->retranslate();
    set(u"quitAction"_s, tr("&Quit"), tr("Quit Lockscope"));
    set(u"aboutAction"_s, tr("&About Lockscope"), tr("About Lockscope"));
    m_fileMenu->setTitle(tr("&File"));
    m_applicationTablesMenu->setTitle(tr("&Application lock tables"));
    m_lockMenu->setTitle(tr("&Lock"));
    m_viewMenu->setTitle(tr("&View"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_readOnlyBadge->setText(tr("Read-only"));
    m_readOnlyBadge->setToolTip(tr("This connection only looks: the window offers no action that "
                                   "changes the database, and the database session itself is "
                                   "read-only."));
    action(u"userGuideAction"_s)->setText(tr("&User guide: a lock is stuck\u2026"));
    m_tabs->setTabText(0, tr("Locks"));
    m_tabs->setTabText(1, tr("Simulator"));
    m_tabs->setTabText(m_tabs->indexOf(m_nativeLocks), tr("Database locks"));
    m_filterLabel->setText(tr("F&ilter:"));
    m_filter->setPlaceholderText(tr("Name, holder or description"));
    m_stateFilter->setAccessibleName(tr("State filter"));
    m_intervalLabel->setText(tr("Refresh &every:"));
    m_interval->setSuffix(tr(" ms"));
    for (QAction *choice : m_languages->actions())
        choice->setChecked(choice->data().toString() == language::current());

    updateStatus();
}

} // namespace ui
