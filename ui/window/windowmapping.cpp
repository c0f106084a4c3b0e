// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: File › Open mapping. A mapping file (the JSON lockctl takes with --profile) is
// applied to the current connection: the window reconnects onto the table it maps, once a
// test has opened that table with it (columns of the wrong type are refused there). Until then,
// and if anything is wrong, the window stays on what it shows; the saved connection it came
// from keeps the mapping.

#include "mainwindow.h"

#include "connectiontester.h"
#include "mappingfile.h"
#include "messagebar.h"
#include "profilestore.h"

#include <QFileDialog>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

void MainWindow::createMappingAction()
{
    auto *open = new QAction(this);
    open->setObjectName(u"openMappingAction"_s);
    connect(open, &QAction::triggered, this, &MainWindow::openMappingAs);
}

void MainWindow::openMappingAs()
{
    QFileDialog dialog(this, tr("Open mapping"));
    dialog.setObjectName(u"openMappingDialog"_s);
    dialog.setAcceptMode(QFileDialog::AcceptOpen);
    dialog.setFileMode(QFileDialog::ExistingFile);
    dialog.setNameFilters({tr("Lock table mapping (*.json)"), tr("All files (*)")});
    if (execDialog(&dialog) != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    openMapping(dialog.selectedFiles().constFirst());
}

void MainWindow::openMapping(const QString &path)
{
    if (m_connection.title.isEmpty()) {
        const QString problem = tr("Connect to the database first (File \u25b8 Connect), then "
                                   "open the mapping.");
        m_messageBar->showMessage(MessageBar::Kind::Warning, problem);
        emit mappingFinished(path, problem);
        return;
    }
    auto mapping = mappingfile::read(path);
    if (!mapping) {
        m_messageBar->showMessage(MessageBar::Kind::Error, mapping.error().message);
        emit mappingFinished(path, mapping.error().message);
        return;
    }
    ConnectionProfile candidate = m_connection.profile();
    candidate.lockProfile = mapping->lockProfile;
    candidate.table = mapping->table;
    if (!m_mappingTest) {
        m_mappingTest = new ConnectionTester(this);
        m_mappingTest->setObjectName(u"mappingTester"_s);
    }
    m_mappingTest->disconnect(this); // a newer file replaces the one being tried
    connect(m_mappingTest, &ConnectionTester::finished, this,
            [this, path, candidate](const ConnectionTestResult &result) {
                onMappingTested(path, candidate, result);
            });
    m_messageBar->showMessage(MessageBar::Kind::Info,
                              tr("Opening %1 with the mapping %2\u2026").arg(candidate.table, path));
    m_mappingTest->start(candidate);
}

void MainWindow::onMappingTested(const QString &path, const ConnectionProfile &candidate,
                                 const ConnectionTestResult &result)
{
    if (candidate.spec.redacted() != m_connection.spec.redacted()
        || candidate.spec.path != m_connection.spec.path)
        return; // the window went to another database meanwhile: the mapping was for the other
    if (!result.connected || result.error || !result.lockTableFound) {
        const QString why = result.connected && !result.error
                                ? tr("the table %1 was not found.").arg(candidate.table)
                                : ConnectionTester::describe(result, candidate.table);
        const QString problem = tr("The mapping %1 was not applied; still showing %2. %3")
                                    .arg(path, tableName(), why);
        m_messageBar->showMessage(MessageBar::Kind::Error, problem);
        emit mappingFinished(path, problem);
        return;
    }
    WindowConnection connection = m_connection;
    connection.lockProfile = candidate.lockProfile;
    connection.table = candidate.table;
    rememberMapping(connection);
    openConnection(connection);
    m_messageBar->showMessage(MessageBar::Kind::Success,
                              tr("Opened %1 with the mapping %2.").arg(connection.table, path),
                              8000);
    emit mappingFinished(path, QString());
}

// The saved connection the window was opened from keeps the mapping (its table too), so that
// it opens on it after a restart.
void MainWindow::rememberMapping(const WindowConnection &connection)
{
    if (connection.profileName.isEmpty())
        return;
    std::unique_ptr<ProfileStore> own;
    ProfileStore *store = m_profiles;
    if (!store)
        store = (own = std::make_unique<ProfileStore>()).get();
    auto saved = store->load(connection.profileName);
    if (!saved)
        return;
    saved->lockProfile = connection.lockProfile;
    saved->table = connection.table;
    store->save(*saved);
    store->sync();
}

} // namespace ui
