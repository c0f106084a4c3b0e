#pragma once

#include "locktypes.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QDialogButtonBox;

// The confirmation of a force release: shows whom the admin is about to cut off (holder, fence,
// time left, as last seen) and requires a reason. The release compares-and-sets on that fence.
class ForceReleaseDialog : public QDialog
{
    Q_OBJECT

public:
    explicit // `applicationProfile`: the lock is in that application's table (no fence: a compare-and-set
    // on the holder and the time shown).
    ForceReleaseDialog(const lockcore::LockInfo &seen, qint64 remainingMs,
                                QWidget *parent = nullptr,
                                const QString &applicationProfile = {});

    QString reason() const;
    qint64 fence() const { return m_seen.fence; }

private:
    void updateButtons();

    lockcore::LockInfo m_seen;
    QLineEdit *m_reason;
    QDialogButtonBox *m_buttons;
};
