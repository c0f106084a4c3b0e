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

// Initialize a lock: name, default lease and description, checked as the user types; the
// database it is created in, and the SQL that creates it. As every confirmation that changes
// the database, no chord confirms it: Initialize has no mnemonic and is not the default
// button; Enter outside it does nothing.
class InitLockDialog : public QDialog
{
    Q_OBJECT

public:
    explicit InitLockDialog(QWidget *parent = nullptr);

    QString name() const;
    qint64 ttlMs() const;
    QString description() const;
    // The title ends with "on <database>", a "Database:" row and the connection's band.
    void showDatabase(const DatabaseTarget &target);
    // The statements for what is typed (shown while it is valid).
    using SqlSource = std::function<QString(const QString &name, qint64 ttlMs,
                                            const QString &description)>;
    void setSql(SqlSource sql);
    QPushButton *actionButton() const { return m_action; }

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    void validate();

    QLineEdit *m_name;
    QLineEdit *m_ttl;
    QLineEdit *m_description;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
    QPushButton *m_action;
    QFormLayout *m_form;
    ConnectionBand *m_band;
    SqlSection *m_sqlSection;
    SqlSource m_sql;
};

} // namespace ui
