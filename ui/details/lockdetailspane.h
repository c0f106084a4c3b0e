// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "locktypes.h"
#include "rowlocker.h"

#include <QWidget>
#include <optional>

class QCheckBox;
class QLabel;
class QPushButton;

namespace ui {

class HistoryList;
class HistoryLookup;
class TimelineLegend;
class TimelineWidget;

// The selected lock: its definition, who holds it now, and its history as a list (renewals
// folded unless asked otherwise) and a timeline with its legend. Also the history of a name
// that is not in the table (a deleted lock), asked for with the "history of a name" line.
class LockDetailsPane : public QWidget
{
    Q_OBJECT

public:
    explicit LockDetailsPane(QWidget *parent = nullptr);

    QString lockName() const { return m_name; }
    void showLock(const lockcore::LockInfo &info);
    // `readAt` valid: the lock shown is as of that read, none having succeeded since (the
    // title says "as of", the holder line is greyed); invalid: live.
    void setAsOf(const QDateTime &readAt);
    // A name the lock table does not show (deleted): no lock to describe, its history follows
    // (showHistory), with a note that says what became of it.
    void showUnlisted(const QString &name);
    void showHistory(const QString &name, const QList<lockcore::LockEvent> &events,
                     const QDateTime &dbNow);
    void showHistoryError(const QString &name, const QString &message);
    void clear();
    int historyRows() const;
    // An application's table (a profile id; empty: Lockscope's own): no fence, depth, lease
    // definition or history to speak of. `readOnlyReason`: why Lockscope does not write that
    // table (a read-only profile, Profile::readOnlyReason), said with each lock.
    void setApplicationProfile(const QString &profileId, const QString &readOnlyReason = {});
    // Who holds the row of `name` locked, as looked up after rowLockersWanted: one line
    // ("Row locked by session 4711, idle in transaction for 43 s") and "Show database
    // session"; nothing when no other session holds it.
    void showRowLockers(const QString &name, const lockcore::RowLockers &lockers);
    void showRowLockersError(const QString &name, const QString &message);
    QString rowLockerText() const; // the line shown; empty: none
    QPushButton *showSessionButton() const { return m_showSession; }
    // A line of someone else's about the selected lock, shown under who holds it (the
    // acknowledgement of its problem: ui/alerts/acknowledgementline.h).
    void addLine(QWidget *line);

signals:
    // The user asked for the history of `name` (any name, also of a deleted lock).
    void historyRequested(const QString &name);
    // The selected lock `name` is shown (selected, or refreshed): who holds its row locked is
    // to be looked up (for that lock only) and given to showRowLockers.
    void rowLockersWanted(const QString &name);
    // "Show database session": the session that holds the row locked.
    void sessionRequested(qint64 pid);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void renderLock();
    void renderApplicationLock(const lockcore::LockInfo &info);
    QString unlistedText() const;
    void renderHistory();
    void renderTimeline();
    QString historyNoteText() const;
    void clearRowLockers();

    QString m_name;
    QString m_applicationProfile;
    QString m_readOnlyReason;
    std::optional<lockcore::LockInfo> m_info;
    QDateTime m_asOf; // setAsOf()
    QList<lockcore::LockEvent> m_events;
    QDateTime m_eventsDbNow;
    bool m_haveHistory = false;
    QString m_historyError;
    QLabel *m_title;
    QLabel *m_definition;
    QLabel *m_holder;
    QLabel *m_rowLocker;
    QPushButton *m_showSession;
    qint64 m_rowLockerPid = 0; // the session "Show database session" goes to
    HistoryList *m_history;
    TimelineWidget *m_timeline;
    TimelineLegend *m_legend;
    QCheckBox *m_foldRenewals;
    QLabel *m_historyNote;
    QLabel *m_historyTitle;
    HistoryLookup *m_lookup;
};

} // namespace ui
