// SPDX-License-Identifier: GPL-3.0-or-later
#include "clusterpanel.h"

#include "clustermembersmodel.h"
#include "clustersummary.h"
#include "clusterwarnings.h"
#include "messagebar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using lockcore::ClusterStatus;

namespace ui {

ClusterPanel::ClusterPanel(QWidget *parent)
    : QWidget(parent), m_title(new QLabel(this)), m_details(new QLabel(this)),
      m_refresh(new QPushButton(this)), m_error(new MessageBar(this)),
      m_warnings(new QVBoxLayout), m_model(new ClusterMembersModel(this)),
      m_members(new QTableView(this)), m_notes(new QLabel(this)), m_readAt(new QLabel(this))
{
    setObjectName(u"clusterPanel"_s);
    m_title->setObjectName(u"clusterTitle"_s);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setObjectName(u"clusterDetails"_s);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_refresh->setObjectName(u"clusterRefresh"_s);
    connect(m_refresh, &QPushButton::clicked, this, &ClusterPanel::refreshRequested);
    m_members->setObjectName(u"clusterMembers"_s);
    m_members->setModel(m_model);
    m_members->verticalHeader()->hide();
    m_members->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_members->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_members->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_members->horizontalHeader()->setStretchLastSection(true);
    m_notes->setObjectName(u"clusterNotes"_s);
    m_notes->setWordWrap(true);
    m_notes->setEnabled(false); // greyed: what is missing, not what is wrong
    m_readAt->setObjectName(u"clusterReadAt"_s);
    m_readAt->setEnabled(false);

    auto *top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_refresh, 0, Qt::AlignTop);
    m_warnings->setContentsMargins(0, 0, 0, 0);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_details);
    layout->addWidget(m_error);
    layout->addLayout(m_warnings);
    layout->addWidget(m_members);
    layout->addWidget(m_notes);
    layout->addWidget(m_readAt);
    layout->addStretch(1);
    retranslate();
    showNotConnected();
}

void ClusterPanel::showStatus(const ClusterStatus &status, const QDateTime &readAt)
{
    m_status = status;
    m_readAtTime = readAt;
    m_errorText.clear();
    render();
}

void ClusterPanel::showError(const QString &message)
{
    m_errorText = message;
    render();
}

void ClusterPanel::showNotConnected()
{
    m_status.reset();
    m_errorText.clear();
    m_readAtTime = {};
    render();
}

void ClusterPanel::render()
{
    if (!m_errorText.isEmpty())
        m_error->showMessage(MessageBar::Kind::Error,
                             tr("The cluster status could not be read: %1").arg(m_errorText));
    else
        m_error->hide();
    if (!m_status) {
        m_title->setText(tr("Not connected"));
        m_details->setText(tr("The cluster status is read when a database is open."));
    } else {
        m_title->setText(tr("%1 \u2014 %2")
                             .arg(m_status->nodeText(), ClusterStatus::kindText(m_status->kind)));
        m_details->setText(ClusterSummary::details(*m_status));
    }
    m_model->setMembers(m_status ? m_status->members : QList<lockcore::ClusterMember>());
    m_members->setVisible(m_model->rowCount() > 0);
    hideEmptyColumns();
    fitMembersHeight();
    renderWarnings();
    const QStringList notes = m_status ? m_status->unreadable : QStringList();
    m_notes->setText(notes.join(u'\n'));
    m_notes->setVisible(!notes.isEmpty());
    // As the status bar says "Refreshed 10:01:02".
    m_readAt->setText(m_readAtTime.isValid()
                          ? tr("Read at %1").arg(m_readAtTime.toString(u"HH:mm:ss"_s))
                          : QString());
}

void ClusterPanel::renderWarnings()
{
    const QList<lockcore::ClusterWarning> warnings
        = m_status ? lockcore::clusterWarnings(*m_status) : QList<lockcore::ClusterWarning>();
    while (m_warningBars.size() > warnings.size())
        delete m_warningBars.takeLast();
    while (m_warningBars.size() < warnings.size()) {
        auto *bar = new MessageBar(this);
        bar->setObjectName(u"clusterWarning"_s);
        m_warnings->addWidget(bar);
        m_warningBars.append(bar);
    }
    for (qsizetype i = 0; i < warnings.size(); ++i)
        m_warningBars.at(i)->showMessage(MessageBar::Kind::Warning, warnings.at(i).text);
}

// Galera has no sync state or lag per member, a standby none of its own standbys' columns:
// only the columns some member has a value in are shown.
void ClusterPanel::hideEmptyColumns()
{
    for (int column = ClusterMembersModel::Name; column < ClusterMembersModel::ColumnCount;
         ++column) {
        bool empty = true;
        for (int row = 0; row < m_model->rowCount() && empty; ++row)
            empty = m_model->index(row, column).data().toString() == u"-";
        m_members->setColumnHidden(column, empty);
    }
}

// A cluster has a handful of members: the table is as high as its rows, so that the dock
// shows them all without a scroll bar and leaves the rest of its room empty below.
void ClusterPanel::fitMembersHeight()
{
    m_members->resizeRowsToContents();
    int height = m_members->horizontalHeader()->sizeHint().height() + 2 * m_members->frameWidth();
    for (int row = 0; row < m_model->rowCount(); ++row)
        height += m_members->rowHeight(row);
    if (m_members->horizontalScrollBar()->isVisible())
        height += m_members->horizontalScrollBar()->sizeHint().height();
    m_members->setFixedHeight(height);
}

void ClusterPanel::retranslate()
{
    m_refresh->setText(tr("&Refresh"));
    m_refresh->setToolTip(tr("Read the cluster status now"));
    m_model->retranslate();
    render();
}

void ClusterPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

QString ClusterPanel::titleText() const
{
    return m_title->text();
}

QString ClusterPanel::detailsText() const
{
    return m_details->text();
}

QStringList ClusterPanel::warningTexts() const
{
    QStringList texts;
    for (const MessageBar *bar : m_warningBars)
        texts << bar->text();
    return texts;
}

QString ClusterPanel::notesText() const
{
    return m_notes->text();
}

QString ClusterPanel::errorText() const
{
    return m_errorText;
}

} // namespace ui
