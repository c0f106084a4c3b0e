// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "holdintervals.h"

#include <QWidget>

namespace ui {

// Who held the lock when: one row per holder (up to four, else all in one row), one bar per
// hold on a time axis, coloured by state as the lock table colours it (held; expired for a
// current holder whose lease ran out), ending in a line that says how it ended (force
// released, taken over, deleted). The colours and their words are TimelineMark's;
// TimelineLegend explains them under the timeline.
class TimelineWidget : public QWidget
{
    Q_OBJECT

public:
    explicit TimelineWidget(QWidget *parent = nullptr);

    // `openLeaseEnd`: when the lease of the hold still open at the end runs out (the lock
    // table's expiry of that holder), if known: past `now`, the bar turns expired there.
    void setHolds(const QList<HoldInterval> &holds, const QDateTime &now,
                  const QDateTime &openLeaseEnd = {});
    // A hold in words (the tooltip of its bar): who, fence, from when to when, how it ended.
    QString holdText(int index) const;
    // The hold drawn at `pos`, or -1.
    int holdAt(const QPoint &pos) const;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Bar
    {
        QRectF held;
        QRectF expired; // empty unless the open hold's lease ran out
    };
    QRect area() const;
    QList<Bar> bars() const;
    qint64 firstMs() const;
    qint64 lastMs() const;
    bool openHoldExpired() const;

    QList<HoldInterval> m_holds;
    QDateTime m_now;
    QDateTime m_openLeaseEnd;
};

} // namespace ui
