#pragma once

#include "holdintervals.h"

#include <QWidget>

// Who held the lock when: one bar per hold on a time axis, coloured by holder, ending in a
// mark that says how it ended (released, forced, taken over after expiry).
class TimelineWidget : public QWidget
{
    Q_OBJECT

public:
    explicit TimelineWidget(QWidget *parent = nullptr);

    void setHolds(const QList<HoldInterval> &holds, const QDateTime &now);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QList<HoldInterval> m_holds;
    QDateTime m_now;
};
