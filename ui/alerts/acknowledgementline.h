// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QAction;
class QLabel;
class QPushButton;

namespace ui {

class LockTablePanel;
class ProblemAlerts;

// The details pane's line about the selected lock's problem: its acknowledgement ("Acknowledged
// by ann until 14:30: rebooting db-host-b") or none yet, and a link that triggers `acknowledge`
// (AcknowledgeAction). Hidden while the selected lock has neither a problem nor an
// acknowledgement.
class AcknowledgementLine : public QWidget
{
    Q_OBJECT

public:
    AcknowledgementLine(LockTablePanel *locks, ProblemAlerts *alerts, QAction *acknowledge,
                        QWidget *parent = nullptr);

    QString text() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void update();

    LockTablePanel *m_locks;
    ProblemAlerts *m_alerts;
    QLabel *m_text;
    QPushButton *m_link;
};

} // namespace ui
