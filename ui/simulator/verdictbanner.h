// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "simulator.h"
#include "verdict.h"

#include <QFrame>

class QLabel;
class QScrollArea;

namespace ui {

// The verdict of a simulation run in one glance: red with the violations listed when the
// recorded history broke mutual exclusion, and red naming the locks when a lock was left stuck
// for ever (a design without expiry failing); otherwise what was observed ("No violation observed
// in 51 holds"), green, or amber when a client never got a lock; blue
// while the run is going (what the holds so far show). Never "safe": a run proves nothing.
// The details scroll within a few lines, so that the banner never squeezes the charts below.
class VerdictBanner : public QFrame
{
    Q_OBJECT

public:
    enum class State { Hidden, Running, NoViolation, Stalled, Violation, Failed };
    Q_ENUM(State)

    explicit VerdictBanner(QWidget *parent = nullptr);

    // While running: the verdict over the holds completed so far.
    void showRunning(const locksim::Verdict &soFar, int holds, qint64 elapsedMs);
    void showVerdict(const locksim::SimReport &report);
    void showFailure(const QString &message);
    void clear();

    State state() const { return m_state; }
    QString title() const;
    QString details() const;
    QColor tint() const { return m_tint; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitDetails();
    void present(State state, const QColor &tint, const QString &title,
                 const QString &details);
    static QString violationList(const locksim::Verdict &verdict, int max);
    static QString noViolationDetails(const locksim::SimReport &report);
    static QString stuckDetails(const locksim::SimReport &report);

    QLabel *m_title;
    QLabel *m_details;
    QScrollArea *m_detailsArea;
    State m_state = State::Hidden;
    QColor m_tint;
};

} // namespace ui
