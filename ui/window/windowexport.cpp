// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: File › Export locks, the rows the table shows as CSV or JSON (a windowed table:
// every matching lock, read on the database thread first).

#include "mainwindow.h"

#include "lockexport.h"
#include "locktablemodel.h"
#include "locktablepanel.h"
#include "messagebar.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMessageBox>
#include <QTableView>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

void MainWindow::createExportAction()
{
    auto *exportAction = new QAction(this);
    exportAction->setObjectName(u"exportAction"_s);
    connect(exportAction, &QAction::triggered, this, &MainWindow::exportLocksAs);
    connect(m_filter, &QLineEdit::textChanged, this, &MainWindow::updateActions);
}

QList<LockInfo> MainWindow::shownLocks() const
{
    // In the order the table shows them; a windowed table: the rows read so far.
    const QAbstractItemModel *shown = view()->model();
    QList<LockInfo> locks;
    for (int row = 0; row < shown->rowCount(); ++row) {
        const QVariant info = shown->index(row, 0).data(LockTableModel::LockInfoRole);
        if (info.canConvert<LockInfo>())
            locks.append(info.value<LockInfo>());
    }
    return locks;
}

QString MainWindow::exportLocks(const QString &path)
{
    if (!m_panel->isWindowed())
        return writeExport(path, shownLocks());
    // Only a window of the table is here: every matching lock is read on the database thread
    // and written when it arrives (exportFinished).
    m_exportPath = path;
    m_exportRequest = m_monitor->requestMatching(m_panel->query());
    m_messageBar->showMessage(MessageBar::Kind::Info,
                              tr("Reading the %L1 matching locks from the database to export "
                                 "them\u2026")
                                  .arg(m_panel->view()->model()->rowCount()));
    return {};
}

QString MainWindow::writeExport(const QString &path, const QList<LockInfo> &locks)
{
    if (const QString problem = lockexport::write(path, tableName(), locks); !problem.isEmpty()) {
        const QString text = tr("The locks could not be exported to %1: %2").arg(path, problem);
        m_messageBar->showMessage(MessageBar::Kind::Error, text);
        emit exportFinished(path, text);
        return text;
    }
    m_messageBar->showMessage(MessageBar::Kind::Success,
                              tr("Exported %Ln lock(s) to %1.", nullptr, int(locks.size()))
                                  .arg(path),
                              MessageBar::ResultTimeoutMs);
    emit exportFinished(path, QString());
    return {};
}

void MainWindow::onMatchingRead(quint64 id, const QList<LockInfo> &locks)
{
    if (id == m_exportRequest)
        writeExport(std::exchange(m_exportPath, QString()), locks);
}

void MainWindow::onMatchingFailed(quint64 id, const Error &error)
{
    if (id != m_exportRequest)
        return;
    const QString text = tr("The locks could not be read for the export: %1")
                             .arg(error.fullText());
    m_messageBar->showMessage(MessageBar::Kind::Error, text);
    emit exportFinished(std::exchange(m_exportPath, QString()), text);
}

void MainWindow::exportLocksAs()
{
    QFileDialog dialog(this, tr("Export locks"));
    dialog.setObjectName(u"exportDialog"_s);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    const QString csv = tr("CSV (*.csv)");
    const QString json = tr("JSON, as lockctl list --json (*.json)");
    dialog.setNameFilters({csv, json});
    dialog.selectFile(u"locks.csv"_s);
    // The file's extension decides the format: it follows the chosen filter.
    connect(&dialog, &QFileDialog::filterSelected, &dialog, [&dialog, json](const QString &f) {
        const QString suffix = f == json ? u"json"_s : u"csv"_s;
        dialog.setDefaultSuffix(suffix);
        const QStringList files = dialog.selectedFiles();
        const QFileInfo file(files.isEmpty() ? QString() : files.constFirst());
        if (file.suffix() == u"csv" || file.suffix() == u"json")
            dialog.selectFile(file.completeBaseName() + u'.' + suffix);
    });
    dialog.setDefaultSuffix(u"csv"_s);
    if (execDialog(&dialog) != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QString problem = exportLocks(dialog.selectedFiles().constFirst());
    if (!problem.isEmpty()) {
        QMessageBox box(QMessageBox::Warning, tr("Export locks"), problem, QMessageBox::Ok, this);
        execDialog(&box);
    }
}

} // namespace ui
