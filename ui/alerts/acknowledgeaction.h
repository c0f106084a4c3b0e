// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAction>

class QDialog;

namespace ui {

class LockTablePanel;
class ProblemAlerts;

// "Acknowledge problem..." (the Lock menu, the table's context menu and the details pane's
// line): the admin marks the selected lock's problems as seen, with a note and for how long
// (AcknowledgeDialog), or removes that mark. The target is the lock as selected when it is
// triggered (its holder and fence are what the acknowledgement is about). It writes to the
// user's settings only, so it is offered in read-only mode too. Enabled while the selected
// lock has a problem or an acknowledgement. It also has the lock table mark acknowledged rows
// (LockFilterProxyModel::setAcknowledgedText).
class AcknowledgeAction : public QAction
{
    Q_OBJECT

public:
    AcknowledgeAction(LockTablePanel *locks, ProblemAlerts *alerts, QWidget *window);

    // The small icon of an acknowledged row (a white tick on blue).
    static QIcon acknowledgedIcon();

signals:
    // Its dialog, about to be shown (tests answer it; MainWindow::dialogAboutToShow).
    void dialogAboutToShow(QDialog *dialog);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void update();
    void acknowledge();
    void retranslate();

    LockTablePanel *m_locks;
    ProblemAlerts *m_alerts;
    QWidget *m_window;
};

} // namespace ui
