// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QRadioButton;

namespace ui {

// Test-acquire a lock as the admin: holder id, lease, how long to hold it, auto-renew.
class TestAcquireDialog : public QDialog
{
    Q_OBJECT

public:
    explicit TestAcquireDialog(const QString &lockName, QWidget *parent = nullptr);

    // The lease offered: the lock's own (its row's ttl_ms) when it has one; 30 s otherwise.
    void offerLockLease(qint64 lockTtlMs);
    // An application's table: it is not renewed (its application does not renew), so there is
    // no automatic renewal to offer, and no lease to choose where the table has no expiry
    // column (`leaseChosen` false: the lease is the application's rule, or there is none).
    void setApplicationTable(bool leaseChosen);

    QString name() const;
    QString holder() const;
    qint64 ttlMs() const;
    qint64 holdMs() const; // 0: until released
    bool autoRenew() const;

private:
    void validate();

    QLineEdit *m_name;
    QLineEdit *m_holder;
    QLineEdit *m_ttl;
    QRadioButton *m_untilReleased;
    QRadioButton *m_forDuration;
    QLineEdit *m_hold;
    QCheckBox *m_renew;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
    QFormLayout *m_form = nullptr;
};

} // namespace ui
