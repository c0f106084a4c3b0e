#pragma once

#include "locktypes.h"

#include <QWidget>
#include <optional>

class QFormLayout;
class QLabel;
class QTreeWidget;
class TimelineWidget;

// The selected lock: its definition, who holds it now, and its history as a list and a
// timeline.
class LockDetailsPane : public QWidget
{
    Q_OBJECT

public:
    explicit LockDetailsPane(QWidget *parent = nullptr);

    QString lockName() const { return m_name; }
    void showLock(const lockcore::LockInfo &info);
    void showHistory(const QString &name, const QList<lockcore::LockEvent> &events,
                     const QDateTime &dbNow);
    void showHistoryError(const QString &name, const QString &message);
    void clear();
    int historyRows() const;
    // An application's table (a profile id; empty: Lockscope's own): no fence, depth, lease
    // definition or history to speak of.
    void setApplicationProfile(const QString &profileId);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void renderLock();
    void renderApplicationLock(const lockcore::LockInfo &info);
    void renderHistory();

    QString m_name;
    QString m_applicationProfile;
    std::optional<lockcore::LockInfo> m_info;
    QList<lockcore::LockEvent> m_events;
    QDateTime m_eventsDbNow;
    bool m_haveHistory = false;
    QString m_historyError;
    QLabel *m_title;
    QLabel *m_definition;
    QLabel *m_holder;
    QTreeWidget *m_history;
    TimelineWidget *m_timeline;
    QLabel *m_historyNote;
    QLabel *m_historyTitle;
};
