#pragma once

#include "nativelocks.h"

#include <QDialog>

class QDialogButtonBox;
class QLineEdit;

// The confirmation of "Terminate holding session": names the session (pid, user, client,
// application) and the lock key as last read, and requires a reason for the audit. The
// terminate itself compares-and-sets: it acts only if that session still holds that lock.
class TerminateSessionDialog : public QDialog
{
    Q_OBJECT

public:
    explicit TerminateSessionDialog(const lockcore::NativeLock &target,
                                    QWidget *parent = nullptr);

    QString reason() const;
    const lockcore::NativeLock &target() const { return m_target; }

private:
    void updateButtons();

    lockcore::NativeLock m_target;
    QLineEdit *m_reason;
    QDialogButtonBox *m_buttons;
};
