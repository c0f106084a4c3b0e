#pragma once

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
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
};

} // namespace ui
