#include "lockdetailspane.h"

#include "durationtext.h"
#include "eventkindtext.h"
#include "holdintervals.h"
#include "timelinewidget.h"

#include <QEvent>
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
      m_timeline(new TimelineWidget(this)), m_historyNote(new QLabel(this)),
      m_historyTitle(new QLabel(this))
{
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setTextFormat(Qt::PlainText);
    for (QLabel *label : {m_definition, m_holder, m_historyNote}) {
        label->setWordWrap(true);
        label->setTextFormat(Qt::PlainText); // names and descriptions are shown as they are
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_history->setObjectName(u"history"_s);
    m_history->setRootIsDecorated(false);
    m_history->setUniformRowHeights(true);
    m_history->setAlternatingRowColors(true);
    m_history->setColumnCount(6);
    m_history->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Holder ids and actors can be long: they get a fixed share, elided in the middle, so
    // the fence and the detail stay in view.
    const int em = m_history->fontMetrics().horizontalAdvance(u'M');
    for (const int column : {2, 4}) {
        m_history->header()->setSectionResizeMode(column, QHeaderView::Interactive);
        m_history->header()->resizeSection(column, 11 * em);
    }
    m_history->setTextElideMode(Qt::ElideMiddle);
    m_history->header()->setStretchLastSection(true);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_definition);
    layout->addWidget(m_holder);
    m_historyTitle->setFont(titleFont);
    layout->addWidget(m_historyTitle);
    layout->addWidget(m_timeline);
    layout->addWidget(m_history, 1);
    layout->addWidget(m_historyNote);
    layout->addStretch(0); // takes the room of the history when there is none
    clear();
    retranslate();
}

void LockDetailsPane::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LockDetailsPane::retranslate()
{
    m_history->setHeaderLabels({tr("Time"), tr("Event"), tr("Holder"), tr("Fence"), tr("Actor"),
                                tr("Detail")});
    m_historyTitle->setText(tr("History"));
    renderLock();
    renderHistory();
}

void LockDetailsPane::clear()
{
    m_name.clear();
    m_info.reset();
    m_events.clear();
    m_haveHistory = false;
    m_historyError.clear();
    renderLock();
    renderHistory();
}

int LockDetailsPane::historyRows() const
{
    return m_history->topLevelItemCount();
}

void LockDetailsPane::setApplicationProfile(const QString &profileId)
{
    m_applicationProfile = profileId;
    const bool history = profileId.isEmpty(); // application tables keep none
    m_historyTitle->setVisible(history);
    m_timeline->setVisible(history);
    m_history->setVisible(history);
    m_historyNote->setVisible(history);
    // Without the history, the lock's lines stay together at the top.
    auto *box = static_cast<QVBoxLayout *>(layout());
    box->setStretch(box->count() - 1, history ? 0 : 1);
    renderLock();
}

void LockDetailsPane::renderApplicationLock(const LockInfo &info)
{
    m_definition->setText(tr("A lock of the application's own table (profile %1): no fence "
                             "token, no history.")
                              .arg(m_applicationProfile));
    const QString holder = info.holder.isEmpty() ? tr("an unrecorded holder") : info.holder;
    switch (info.state) {
    case LockState::Free:
        m_holder->setText(info.holder.isEmpty()
                              ? tr("Free.")
                              : tr("Free; last held by %1.").arg(info.holder));
        break;
    case LockState::Held:
        if (info.expiresAt.isValid())
            m_holder->setText(tr("Held by %1 since %2; the lease ends %3.")
                                  .arg(holder, localTime(info.acquiredAt),
                                       localTime(info.expiresAt)));
        else
            m_holder->setText(tr("Held by %1 since %2, with no expiry. %3")
                                  .arg(holder,
                                       info.acquiredAt.isValid() ? localTime(info.acquiredAt)
                                                                 : tr("an unrecorded time"),
                                       info.description));
        break;
    case LockState::Expired:
        m_holder->setText(tr("The lease of %1 ended %2 and it was never released; the "
                             "application's next acquirer takes it over.")
                              .arg(holder, localTime(info.expiresAt)));
        break;
    }
}

void LockDetailsPane::showLock(const LockInfo &info)
{
    if (info.name != m_name) {
        m_events.clear();
        m_haveHistory = false;
        m_historyError.clear();
        renderHistory();
    }
    m_name = info.name;
    m_info = info;
    renderLock();
}

void LockDetailsPane::renderLock()
{
    if (!m_info) {
        m_title->setText(tr("No lock selected"));
        m_definition->clear();
        m_holder->clear();
        return;
    }
    const LockInfo &info = *m_info;
    m_title->setText(info.name);
    if (!m_applicationProfile.isEmpty()) {
        renderApplicationLock(info);
        return;
    }
    m_definition->setText(
        tr("Default lease %1. %2")
            .arg(durationText(info.ttlMs),
                 info.description.isEmpty() ? tr("No description.") : info.description));
    switch (info.state) {
    case LockState::Free:
        m_holder->setText(tr("Free. Fence %1 (the next holder gets a higher one).")
                              .arg(lockcore::fenceText(info.fence)));
        break;
    case LockState::Held:
        m_holder->setText(tr("Held by %1 since %2, fence %3, depth %4; the lease ends %5.")
                              .arg(info.holder, localTime(info.acquiredAt))
                              .arg(lockcore::fenceText(info.fence))
                              .arg(info.depth)
                              .arg(localTime(info.expiresAt)));
        break;
    case LockState::Expired:
        m_holder->setText(tr("The lease of %1 (fence %2) ended %3; the next acquirer takes it "
                             "over.")
                              .arg(info.holder)
                              .arg(lockcore::fenceText(info.fence))
                              .arg(localTime(info.expiresAt)));
        break;
    }
}

void LockDetailsPane::showHistory(const QString &name, const QList<LockEvent> &events,
                                  const QDateTime &dbNow)
{
    if (name != m_name)
        return; // the selection moved on
    m_events = events;
    m_eventsDbNow = dbNow;
    m_haveHistory = true;
    m_historyError.clear();
    renderHistory();
}

void LockDetailsPane::showHistoryError(const QString &name, const QString &message)
{
    if (name != m_name)
        return;
    m_historyError = message;
    renderHistory();
}

void LockDetailsPane::renderHistory()
{
    m_history->clear();
    QList<QTreeWidgetItem *> items;
    for (const LockEvent &event : std::as_const(m_events)) {
        auto *item = new QTreeWidgetItem;
        item->setText(0, localTime(event.at));
        item->setText(1, eventKindText(event.kind));
        item->setToolTip(1, event.kind);
        item->setText(2, event.holder);
        item->setToolTip(2, event.holder);
        item->setText(3, QString::number(event.fence));
        item->setText(4, event.actor);
        item->setText(5, event.detail);
        item->setToolTip(5, event.detail);
        items << item;
    }
    m_history->addTopLevelItems(items);
    m_timeline->setHolds(holdIntervals(m_events), m_eventsDbNow);
    if (!m_historyError.isEmpty()) {
        m_historyNote->setText(tr("The history could not be read: %1").arg(m_historyError));
        m_historyNote->show();
    } else {
        m_historyNote->setVisible(m_haveHistory && m_events.isEmpty());
        m_historyNote->setText(
            tr("No events recorded. Applications record acquire and release events only when "
               "they ask for it; admin actions are always recorded."));
    }
}
