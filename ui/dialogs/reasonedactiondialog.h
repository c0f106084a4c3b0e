// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "databasetarget.h"

#include <QDialog>
#include <functional>

class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace ui {

class ConnectionBand;
class SqlSection;

// The confirmation of an admin action that takes something from someone (a force release, a
// terminated session, a delete): a warning, the database and what the admin is about to act
// on as last seen, a reason for the audit trail (required, unless the action records none),
// and the SQL it will run. The action button stays disabled without a reason.
// Nothing typed confirms it (it may have opened from a key meant for something else): its
// button has no mnemonic, even from a translation (no Alt+key chord), and is neither default nor
// auto-default; Cancel is the default. Enter acts on nothing and says how to act (without a
// reason to lose: Enter cancels), except on the action button the admin moved the focus to (as
// Space there, or a click); Esc cancels.
class ReasonedActionDialog : public QDialog
{
    Q_OBJECT

public:
    QString reason() const;
    // The database about to change: the title ends with "on <database>", a "Database:" row,
    // and the connection's colour band above everything.
    void showDatabase(const DatabaseTarget &target);
    // The statements the action will run for the reason typed so far (the "SQL" section).
    void setSql(std::function<QString(const QString &reason)> sql);
    QPushButton *actionButton() const { return m_action; }

protected:
    explicit ReasonedActionDialog(QWidget *parent = nullptr);
    void keyPressEvent(QKeyEvent *event) override;

    // The rows that describe the target, in order, before finish().
    void addRow(const QString &label, const QString &plainText);
    // The warning above the rows, the reason row (unless `asksReason` is false) and the
    // buttons below them. `actionText`'s mnemonic, if any, is dropped.
    void finish(const QString &warningHtml, const QString &actionText,
                const QString &actionObjectName, bool asksReason = true);

private:
    void updateButtons();
    void showEnterHint();

    QFormLayout *m_form;
    QLineEdit *m_reason;
    QDialogButtonBox *m_buttons;
    QLabel *m_hint; // what Enter did not do, and why
    ConnectionBand *m_band;
    SqlSection *m_sqlSection;
    QPushButton *m_action = nullptr;
    bool m_asksReason = true;
    QString m_actionText;
    std::function<QString(const QString &)> m_sql;
};

} // namespace ui
