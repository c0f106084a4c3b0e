#include "lockdetailspane.h"

#include "duration.h"
#include "holdintervals.h"
#include "timelinewidget.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace {

QString localTime(const QDateTime &at)
{
    return at.isValid() ? at.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s) : QString();
}

} // namespace

LockDetailsPane::LockDetailsPane(QWidget *parent)
    : QWidget(parent), m_title(new QLabel(this)), m_definition(new QLabel(this)),
      m_holder(new QLabel(this)), m_history(new QTreeWidget(this)),
      m_timeline(new TimelineWidget(this)), m_historyNote(new QLabel(this))
{
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    for (QLabel *label : {m_definition, m_holder, m_historyNote}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_history->setObjectName(u"history"_s);
    m_history->setRootIsDecorated(false);
    m_history->setUniformRowHeights(true);
    m_history->setAlternatingRowColors(true);
    m_history->setHeaderLabels({tr("Time"), tr("Event"), tr("Holder"), tr("Fence"), tr("Actor"),
                                tr("Detail")});
    m_history->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_history->header()->setStretchLastSection(true);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_definition);
    layout->addWidget(m_holder);
    auto *historyTitle = new QLabel(tr("History"), this);
    historyTitle->setFont(titleFont);
    layout->addWidget(historyTitle);
    layout->addWidget(m_timeline);
    layout->addWidget(m_history, 1);
    layout->addWidget(m_historyNote);
    clear();
}

void LockDetailsPane::clear()
{
    m_name.clear();
    m_title->setText(tr("No lock selected"));
    m_definition->clear();
    m_holder->clear();
    m_history->clear();
    m_timeline->setHolds({}, {});
    m_historyNote->hide();
}

int LockDetailsPane::historyRows() const
{
    return m_history->topLevelItemCount();
}

void LockDetailsPane::showLock(const LockInfo &info)
{
    if (info.name != m_name) {
        m_history->clear();
        m_timeline->setHolds({}, {});
    }
    m_name = info.name;
    m_title->setText(info.name);
    m_definition->setText(
        tr("Default lease %1. %2")
            .arg(formatDurationMs(info.ttlMs),
                 info.description.isEmpty() ? tr("No description.") : info.description));
    switch (info.state) {
    case LockState::Free:
        m_holder->setText(tr("Free. Fence %1 (the next holder gets a higher one).")
                              .arg(info.fence));
        break;
    case LockState::Held:
        m_holder->setText(tr("Held by %1 since %2, fence %3, depth %4; the lease ends %5.")
                              .arg(info.holder, localTime(info.acquiredAt))
                              .arg(info.fence)
                              .arg(info.depth)
                              .arg(localTime(info.expiresAt)));
        break;
    case LockState::Expired:
        m_holder->setText(tr("The lease of %1 (fence %2) ended %3; the next acquirer takes it "
                             "over.")
                              .arg(info.holder)
                              .arg(info.fence)
                              .arg(localTime(info.expiresAt)));
        break;
    }
}

void LockDetailsPane::showHistory(const QString &name, const QList<LockEvent> &events,
                                  const QDateTime &dbNow)
{
    if (name != m_name)
        return; // the selection moved on
    m_history->clear();
    QList<QTreeWidgetItem *> items;
    for (const LockEvent &event : events) {
        auto *item = new QTreeWidgetItem;
        item->setText(0, localTime(event.at));
        item->setText(1, event.kind);
        item->setText(2, event.holder);
        item->setText(3, QString::number(event.fence));
        item->setText(4, event.actor);
        item->setText(5, event.detail);
        item->setToolTip(5, event.detail);
        items << item;
    }
    m_history->addTopLevelItems(items);
    m_timeline->setHolds(holdIntervals(events), dbNow);
    m_historyNote->setVisible(events.isEmpty());
    m_historyNote->setText(
        tr("No events recorded. Applications record acquire and release events only when "
           "they ask for it; admin actions are always recorded."));
}

void LockDetailsPane::showHistoryError(const QString &name, const QString &message)
{
    if (name != m_name)
        return;
    m_historyNote->setText(tr("The history could not be read: %1").arg(message));
    m_historyNote->show();
}
