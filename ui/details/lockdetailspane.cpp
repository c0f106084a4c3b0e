// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockdetailspane.h"

#include "asoftext.h"
#include "durationtext.h"
#include "historyfold.h"
#include "historylist.h"
#include "historylookup.h"
#include "holdintervals.h"
#include "lockmonitor.h"
#include "timelinelegend.h"
#include "timelinewidget.h"

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

namespace {

QString localTime(const QDateTime &at)
{
    return at.isValid() ? at.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s) : QString();
}

// The newest of the events (the history comes newest first; not relied on).
const LockEvent *newest(const QList<LockEvent> &events)
{
    const LockEvent *found = nullptr;
    for (const LockEvent &event : events)
        if (!found || event.id > found->id)
            found = &event;
    return found;
}

} // namespace

LockDetailsPane::LockDetailsPane(QWidget *parent)
    : QWidget(parent), m_title(new QLabel(this)), m_definition(new QLabel(this)),
      m_holder(new QLabel(this)), m_rowLocker(new QLabel(this)),
      m_showSession(new QPushButton(this)), m_history(new HistoryList(this)),
      m_timeline(new TimelineWidget(this)), m_legend(new TimelineLegend(this)),
      m_foldRenewals(new QCheckBox(this)), m_historyNote(new QLabel(this)),
      m_historyTitle(new QLabel(this)), m_lookup(new HistoryLookup(this))
{
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setTextFormat(Qt::PlainText);
    for (QLabel *label : {m_definition, m_holder, m_rowLocker, m_historyNote}) {
        label->setWordWrap(true);
        label->setTextFormat(Qt::PlainText); // names and descriptions are shown as they are
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    // Folded by default: a live holder renews every few seconds, and one row per renewal
    // buries the acquire, the force release and its reason that ops look for. The folded row
    // still says it is alive (how often, until when); unticked, every renewal has its row.
    m_foldRenewals->setObjectName(u"foldRenewals"_s);
    m_foldRenewals->setChecked(true);
    connect(m_foldRenewals, &QCheckBox::toggled, this, &LockDetailsPane::renderHistory);
    connect(m_lookup, &HistoryLookup::requested, this, &LockDetailsPane::historyRequested);
    m_definition->setObjectName(u"definition"_s);
    m_rowLocker->setObjectName(u"rowLocker"_s);
    m_showSession->setObjectName(u"rowLockerSession"_s);
    // A link in the text's flow, as the pane's other lines are text.
    m_showSession->setFlat(true);
    m_showSession->setCursor(Qt::PointingHandCursor);
    m_showSession->setStyleSheet(u"QPushButton { color: palette(link); text-decoration: "
                                 "underline; border: none; padding: 0; text-align: left; }"_s);
    connect(m_showSession, &QPushButton::clicked, this, [this] {
        if (m_rowLockerPid != 0)
            emit sessionRequested(m_rowLockerPid);
    });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_definition);
    layout->addWidget(m_holder);
    layout->addWidget(m_rowLocker);
    layout->addWidget(m_showSession, 0, Qt::AlignLeft);
    m_historyTitle->setFont(titleFont);
    auto *historyTitleRow = new QHBoxLayout;
    historyTitleRow->addWidget(m_historyTitle, 1);
    historyTitleRow->addWidget(m_foldRenewals);
    layout->addLayout(historyTitleRow);
    layout->addWidget(m_timeline);
    layout->addWidget(m_legend);
    layout->addWidget(m_history, 1);
    layout->addWidget(m_historyNote);
    layout->addStretch(0); // takes the room of the history when there is none
    layout->addWidget(m_lookup);
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
    m_historyTitle->setText(tr("History"));
    m_foldRenewals->setText(tr("Fold renewals"));
    m_foldRenewals->setToolTip(tr("Show the renewals of one hold as one row: how many, from "
                                  "when to when"));
    m_showSession->setText(tr("Show database session"));
    m_showSession->setToolTip(tr("The session that holds this lock's row locked, in the "
                                 "Database locks tab"));
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
    clearRowLockers();
    renderLock();
    renderHistory();
}

void LockDetailsPane::addLine(QWidget *line)
{
    auto *box = static_cast<QVBoxLayout *>(layout());
    box->insertWidget(box->indexOf(m_showSession) + 1, line);
}

int LockDetailsPane::historyRows() const
{
    return m_history->topLevelItemCount();
}

void LockDetailsPane::setApplicationProfile(const QString &profileId,
                                            const QString &readOnlyReason)
{
    m_applicationProfile = profileId;
    m_readOnlyReason = readOnlyReason;
    const bool history = profileId.isEmpty(); // application tables keep none
    for (QWidget *part : std::initializer_list<QWidget *>{
             m_historyTitle, m_foldRenewals, m_timeline, m_legend, m_history, m_historyNote,
             m_lookup})
        part->setVisible(history);
    // Without the history, the lock's lines stay together at the top.
    auto *box = static_cast<QVBoxLayout *>(layout());
    box->setStretch(box->count() - 2, history ? 0 : 1);
    renderLock();
}

void LockDetailsPane::renderApplicationLock(const LockInfo &info)
{
    QString definition = tr("A lock of the application's own table (profile %1): no fence "
                            "token, no history.")
                             .arg(m_applicationProfile);
    if (!m_readOnlyReason.isEmpty()) // why nothing here changes it
        definition += u' ' + tr("Lockscope does not write it: %1").arg(m_readOnlyReason);
    m_definition->setText(definition);
    const QString holder = info.holder.isEmpty() ? tr("an unrecorded holder") : info.holder;
    switch (info.state) {
    case LockState::Free:
        m_holder->setText(info.holder.isEmpty()
                              ? tr("Free.")
                              : tr("Free; last held by %1.").arg(info.holder));
        break;
    case LockState::Held: {
        // A table without a time: acquiredAt is when Lockscope first saw the lock held, which
        // the description says (as the Held for cell does, "at least").
        const bool recorded = info.acquiredAt.isValid();
        if (info.expiresAt.isValid() && !recorded)
            m_holder->setText(tr("Held by %1; the lease ends %2.")
                                  .arg(holder, localTime(info.expiresAt)));
        else if (info.expiresAt.isValid())
            m_holder->setText(tr("Held by %1 since %2; the lease ends %3.")
                                  .arg(holder, localTime(info.acquiredAt),
                                       localTime(info.expiresAt)));
        else
            m_holder->setText(tr("Held by %1 since %2, with no expiry. %3")
                                  .arg(holder,
                                       recorded ? localTime(info.acquiredAt)
                                                : tr("an unrecorded time"),
                                       info.description));
        break;
    }
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
        clearRowLockers(); // another lock's row said nothing about this one
        renderHistory();
    }
    m_name = info.name;
    m_info = info;
    renderLock();
    renderTimeline(); // the current holder's lease may have run out since
    if (m_applicationProfile.isEmpty()) // an application's table: not looked up
        emit rowLockersWanted(info.name);
}

void LockDetailsPane::setAsOf(const QDateTime &readAt)
{
    if (readAt == m_asOf)
        return;
    m_asOf = readAt;
    renderLock();
}

void LockDetailsPane::clearRowLockers()
{
    m_rowLockerPid = 0;
    m_rowLocker->clear();
    m_rowLocker->hide();
    m_showSession->hide();
}

QString LockDetailsPane::rowLockerText() const
{
    return m_rowLocker->isHidden() ? QString() : m_rowLocker->text();
}

void LockDetailsPane::showRowLockers(const QString &name, const RowLockers &lockers)
{
    if (name != m_name || !m_info)
        return; // the selection moved on
    clearRowLockers();
    if (!lockers.locked)
        return;
    QString text;
    if (lockers.lockers.isEmpty()) {
        text = tr("Row locked by another session; the database cannot tell which.");
    } else {
        const RowLocker &first = lockers.lockers.first();
        const QString state = first.session.state.isEmpty() ? tr("in a transaction")
                                                            : first.session.state;
        text = first.stateAgeMs >= 0
                   ? tr("Row locked by session %1, %2 for %3")
                         .arg(QString::number(first.session.pid), state,
                              durationText(first.stateAgeMs / 1000 * 1000))
                   : tr("Row locked by session %1, %2")
                         .arg(QString::number(first.session.pid), state);
        if (!lockers.exact)
            text = tr("%1 (perhaps: the database names the sessions that hold row locks, not "
                      "which one holds this row)")
                       .arg(text);
        if (lockers.lockers.size() > 1)
            text += u' ' + tr("and %n other session(s)", nullptr,
                              int(lockers.lockers.size() - 1));
        m_rowLockerPid = first.session.pid;
    }
    if (!lockers.note.isEmpty())
        text += u' ' + lockers.note;
    m_rowLocker->setText(text);
    m_rowLocker->setToolTip(lockcore::rowLockerText(lockers));
    m_rowLocker->show();
    m_showSession->setVisible(m_rowLockerPid != 0);
}

void LockDetailsPane::showRowLockersError(const QString &name, const QString &message)
{
    if (name != m_name || !m_info)
        return;
    clearRowLockers();
    m_rowLocker->setText(tr("Whether another session holds this lock's row locked could not "
                            "be looked up: %1")
                             .arg(message));
    m_rowLocker->show();
}

void LockDetailsPane::showUnlisted(const QString &name)
{
    m_name = name;
    m_info.reset();
    m_events.clear();
    m_haveHistory = false;
    m_historyError.clear();
    renderLock();
    renderHistory();
}

QString LockDetailsPane::unlistedText() const
{
    const LockEvent *last = newest(m_events);
    if (!m_haveHistory || !m_historyError.isEmpty())
        return tr("Not in the lock table.");
    if (!last)
        return tr("No lock of this name is in the lock table, and no event was recorded "
                  "for it.");
    if (last->kind == u"delete")
        return last->actor.isEmpty()
                   ? tr("This lock no longer exists: it was deleted at %1. Its events stay "
                        "in the history.")
                         .arg(localTime(last->at))
                   : tr("This lock no longer exists: %1 deleted it at %2. Its events stay in "
                        "the history.")
                         .arg(last->actor, localTime(last->at));
    return tr("This lock is not in the lock table shown (the filter may hide it, or it was "
              "removed without a record). Its recorded history follows.");
}

void LockDetailsPane::renderLock()
{
    if (!m_info) {
        m_title->setText(m_name.isEmpty() ? tr("No lock selected") : m_name);
        m_definition->setText(m_name.isEmpty() ? QString() : unlistedText());
        m_holder->clear();
        return;
    }
    const LockInfo &info = *m_info;
    m_title->setText(m_asOf.isValid() ? tr("%1 (%2)").arg(info.name, asOfText(m_asOf))
                                      : info.name);
    m_holder->setEnabled(!m_asOf.isValid()); // greyed: not confirmed since
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
                              .arg(QString::number(info.fence)));
        break;
    case LockState::Held:
        m_holder->setText(tr("Held by %1 since %2, fence %3, depth %4; the lease ends %5.")
                              .arg(info.holder, localTime(info.acquiredAt))
                              .arg(QString::number(info.fence))
                              .arg(info.depth)
                              .arg(localTime(info.expiresAt)));
        break;
    case LockState::Expired:
        m_holder->setText(tr("The lease of %1 (fence %2) ended %3; the next acquirer takes it "
                             "over.")
                              .arg(info.holder)
                              .arg(QString::number(info.fence))
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
    m_history->setRows(historyRowsOf(m_events, m_foldRenewals->isChecked()));
    renderTimeline();
    if (!m_info)
        renderLock(); // a name not in the table: what its history says became of it
    const QString note = historyNoteText();
    m_historyNote->setText(note);
    m_historyNote->setVisible(!note.isEmpty());
}

// From all events, folded or not: the holds, and the current holder's lease from the table.
void LockDetailsPane::renderTimeline()
{
    const QList<HoldInterval> holds = holdIntervals(m_events);
    QDateTime now; // a deleted lock's timeline ends with its last event
    QDateTime openLeaseEnd;
    if (m_info) {
        now = m_info->dbNow;
        if (!now.isValid() || (m_eventsDbNow.isValid() && m_eventsDbNow > now))
            now = m_eventsDbNow;
        if (!holds.isEmpty() && !holds.last().end.isValid()
            && m_info->state != LockState::Free && holds.last().fence == m_info->fence)
            openLeaseEnd = m_info->expiresAt;
    }
    m_timeline->setHolds(holds, now, openLeaseEnd);
}

QString LockDetailsPane::historyNoteText() const
{
    if (!m_historyError.isEmpty())
        return tr("The history could not be read: %1").arg(m_historyError);
    if (m_haveHistory && m_events.isEmpty())
        return tr("No events recorded. Applications record acquire and release events only "
                  "when they ask for it; admin actions are always recorded.");
    if (m_events.size() >= LockMonitor::HistoryLimit)
        return tr("The newest %1 events are shown; older ones are not read.")
            .arg(LockMonitor::HistoryLimit);
    return {};
}

} // namespace ui
