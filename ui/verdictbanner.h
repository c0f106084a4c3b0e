#pragma once

#include "simsettings.h"
#include "verdict.h"

#include <QFrame>

class QLabel;

// The verdict of a simulation run in one glance: green when the recorded history is safe (no
// overlapping holds, fences increasing, stale writes refused), red with the violations listed
// when it is not; blue while the run is going (what the holds so far show).
class VerdictBanner : public QFrame
{
    Q_OBJECT

public:
    enum class State { Hidden, Running, Safe, Unsafe, Failed };
    Q_ENUM(State)

    explicit VerdictBanner(QWidget *parent = nullptr);

    // While running: the verdict over the holds completed so far.
    void showRunning(const locksim::Verdict &soFar, int holds, qint64 elapsedMs);
    void showVerdict(const locksim::Verdict &verdict, qint64 staleWritesRefused,
                     locksim::Protocol protocol);
    void showFailure(const QString &message);
    void clear();

    State state() const { return m_state; }
    QString title() const;
    QString details() const;
    QColor tint() const { return m_tint; }

private:
    void present(State state, const QColor &tint, const QString &title,
                 const QString &details);
    static QString violationList(const locksim::Verdict &verdict, int max);

    QLabel *m_title;
    QLabel *m_details;
    State m_state = State::Hidden;
    QColor m_tint;
};
