// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "nativelocks.h"
#include "reasonedactiondialog.h"

class QPushButton;

namespace ui {

// The confirmation of "Cancel statement" and "Terminate session" on a session of the blocking
// tree: names the database and the session as the read showed it (pid, user, application,
// state, transaction age, statement), and requires a reason for the audit. The action acts only
// if the session is still that one (lockcore's compare-and-set).
//
// Nothing typed confirms it: its button has no mnemonic (no Alt+key chord), is not the default
// (Cancel is), and Enter does not press it even when it has the focus (Space does); Esc cancels.
class EndSessionDialog : public ReasonedActionDialog
{
    Q_OBJECT

public:
    EndSessionDialog(const lockcore::NativeLock &session, lockcore::SessionAction action,
                     const QString &database, const QDateTime &dbNow,
                     QWidget *parent = nullptr);

    const lockcore::NativeLock &target() const { return m_target; }
    lockcore::SessionAction action() const { return m_action; }
    QPushButton *actionButton() const { return m_button; }

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    lockcore::NativeLock m_target;
    lockcore::SessionAction m_action;
    QPushButton *m_button = nullptr;
};

} // namespace ui
