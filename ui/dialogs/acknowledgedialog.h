// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QDialog>

class QComboBox;
class QLineEdit;

namespace ui {

// "Acknowledge problem": the admin says they saw a lock's problem, with a note and for how
// long (1 h, 4 h, 1 day, or until the lock's situation changes: another holder, fence or
// problem). Nothing is written to the database. On a lock already acknowledged, it shows that
// acknowledgement and offers to remove it (result Removed).
class AcknowledgeDialog : public QDialog
{
    Q_OBJECT

public:
    enum Result { Removed = QDialog::Accepted + 1 };

    // `situation`: the lock, its holder and problems in words; `current`: its acknowledgement's
    // description, if it has one.
    AcknowledgeDialog(const QString &lock, const QString &situation, const QString &current,
                      QWidget *parent = nullptr);

    QString note() const;
    // The end chosen, from `now` (invalid: until the situation changes).
    QDateTime until(const QDateTime &now) const;
    QLineEdit *noteEdit() const { return m_note; }
    QComboBox *durationBox() const { return m_duration; }

private:
    QLineEdit *m_note;
    QComboBox *m_duration;
};

} // namespace ui
