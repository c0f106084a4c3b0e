// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditpanel.h"

#include "auditexport.h"
#include "auditmodel.h"
#include "audittime.h"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

AuditPanel::AuditPanel(QWidget *parent)
    : QWidget(parent), m_model(new AuditModel(this)), m_actor(new QLineEdit(this)),
      m_lock(new QLineEdit(this)), m_since(new QComboBox(this)), m_action(new QComboBox(this)),
      m_refresh(new QPushButton(this)), m_exportCsv(new QPushButton(this)),
      m_exportJson(new QPushButton(this)), m_table(new QTableView(this)),
      m_status(new QLabel(this)), m_actorLabel(new QLabel(this)), m_lockLabel(new QLabel(this)),
      m_sinceLabel(new QLabel(this)), m_actionLabel(new QLabel(this))
{
    m_actor->setObjectName(u"auditActor"_s);
    m_lock->setObjectName(u"auditLock"_s);
    m_since->setObjectName(u"auditSince"_s);
    m_action->setObjectName(u"auditAction"_s);
    m_refresh->setObjectName(u"auditRefresh"_s);
    m_exportCsv->setObjectName(u"auditExportCsv"_s);
    m_exportJson->setObjectName(u"auditExportJson"_s);
    m_table->setObjectName(u"auditTable"_s);
    m_status->setObjectName(u"auditStatus"_s);
    for (QLineEdit *edit : {m_actor, m_lock})
        edit->setClearButtonEnabled(true);
    m_actorLabel->setBuddy(m_actor);
    m_lockLabel->setBuddy(m_lock);
    m_sinceLabel->setBuddy(m_since);
    m_actionLabel->setBuddy(m_action);
    // A duration back from the database clock, or a time; empty: from the first event.
    m_since->setEditable(true);
    m_since->addItems({u"1h"_s, u"24h"_s, u"7d"_s, u"30d"_s, QString()});
    m_since->setCurrentText(u"7d"_s);
    for (const QString &action : QStringList{QString()} + AuditRequest::actionNames())
        m_action->addItem(QString(), action);

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_status->setWordWrap(true);

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_actorLabel);
    filters->addWidget(m_actor, 2);
    filters->addWidget(m_lockLabel);
    filters->addWidget(m_lock, 2);
    filters->addWidget(m_sinceLabel);
    filters->addWidget(m_since, 1);
    filters->addWidget(m_actionLabel);
    filters->addWidget(m_action, 1);
    filters->addWidget(m_refresh);
    filters->addWidget(m_exportCsv);
    filters->addWidget(m_exportJson);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);

    for (QLineEdit *edit : {m_actor, m_lock, m_since->lineEdit()})
        connect(edit, &QLineEdit::returnPressed, this, &AuditPanel::readRequested);
    connect(m_since, &QComboBox::activated, this, &AuditPanel::readRequested);
    connect(m_action, &QComboBox::activated, this, &AuditPanel::readRequested);
    connect(m_refresh, &QPushButton::clicked, this, &AuditPanel::readRequested);
    connect(m_exportCsv, &QPushButton::clicked, this, [this] { exportAs(false); });
    connect(m_exportJson, &QPushButton::clicked, this, [this] { exportAs(true); });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        emit lockActivated(index.data(AuditModel::LockNameRole).toString());
    });
    retranslate();
    clear();
}

Result<AuditRequest> AuditPanel::request() const
{
    AuditRequest request;
    request.actor = m_actor->text().trimmed();
    request.lockPattern = m_lock->text().trimmed();
    auto since = parseAuditTime(m_since->currentText(), m_sinceLabel->text().chopped(1));
    if (!since)
        return since.error();
    request.since = *since;
    if (const QString action = m_action->currentData().toString(); !action.isEmpty())
        request.actions = {action};
    request.limit = readLimit;
    return request;
}

void AuditPanel::showReading()
{
    m_status->setText(tr("Reading the admin actions\u2026"));
}

void AuditPanel::showPage(const AuditPage &page, const QDateTime &readAt)
{
    m_model->setEvents(page.events);
    m_readAt = readAt;
    m_table->resizeColumnsToContents();
    QString text = tr("%Ln admin action(s), read at %1.", nullptr, int(page.events.size()))
                       .arg(readAt.toLocalTime().toString(u"HH:mm:ss"_s));
    if (page.more)
        text += u' ' + tr("More match than the newest %L1 shown: narrow the filters.")
                           .arg(readLimit);
    m_status->setText(text);
}

void AuditPanel::showError(const QString &message)
{
    QString text = tr("The admin actions could not be read: %1").arg(message);
    if (m_readAt.isValid())
        text += u' ' + tr("The rows below are as of %1.")
                           .arg(m_readAt.toLocalTime().toString(u"HH:mm:ss"_s));
    m_status->setText(text);
}

void AuditPanel::clear()
{
    m_model->setEvents({});
    m_readAt = {};
    m_status->setText(tr("Not read yet: Refresh reads the admin actions."));
}

void AuditPanel::showNotInTable(const QString &name)
{
    m_status->setText(tr("\"%1\" is not in the lock table (deleted, filtered out, or a "
                         "database session).")
                          .arg(name));
}

QString AuditPanel::statusText() const
{
    return m_status->text();
}

QString AuditPanel::exportTo(const QString &path) const
{
    const QList<LockEvent> &events = m_model->events();
    const bool json = path.endsWith(u".json"_s, Qt::CaseInsensitive);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    file.write(json ? auditJson(events) : auditCsv(events));
    if (!file.commit())
        return file.errorString();
    return {};
}

void AuditPanel::exportAs(bool json)
{
    const QString title = json ? tr("Export admin actions as JSON")
                               : tr("Export admin actions as CSV");
    const QString path = QFileDialog::getSaveFileName(
        this, title, json ? u"admin-audit.json"_s : u"admin-audit.csv"_s,
        json ? tr("JSON (*.json)") : tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    if (const QString problem = exportTo(path); !problem.isEmpty())
        QMessageBox::warning(this, title, tr("Could not write %1: %2").arg(path, problem));
    else
        m_status->setText(tr("Exported %Ln admin action(s) to %1.", nullptr,
                             int(m_model->events().size()))
                              .arg(path));
}

void AuditPanel::retranslate()
{
    // No mnemonics: the dock shares the window's Alt keys with its menus.
    m_actorLabel->setText(tr("Actor:"));
    m_lockLabel->setText(tr("Lock:"));
    m_sinceLabel->setText(tr("Since:"));
    m_actionLabel->setText(tr("Action:"));
    m_actor->setPlaceholderText(tr("contains"));
    m_actor->setToolTip(tr("Who acted, as recorded (user@host (tool)); any part, ignoring case"));
    m_lock->setPlaceholderText(u"orders.*"_s);
    m_lock->setToolTip(tr("Lock names: * any text, ? one character, ignoring case"));
    m_since->setToolTip(tr("A duration back from the database clock (24h, 7d) or a time "
                           "(2026-12-07T10:00, UTC unless it has a zone); empty: all"));
    for (int i = 0; i < m_action->count(); ++i) {
        const QString action = m_action->itemData(i).toString();
        m_action->setItemText(i, action.isEmpty() ? tr("All") : AuditModel::actionText(action));
    }
    m_refresh->setText(tr("Refresh"));
    m_exportCsv->setText(tr("Export CSV\u2026"));
    m_exportJson->setText(tr("Export JSON\u2026"));
}

void AuditPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
