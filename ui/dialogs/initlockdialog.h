#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace ui {

// Initialize a lock: name, default lease and description, checked as the user types.
class InitLockDialog : public QDialog
{
    Q_OBJECT

public:
    explicit InitLockDialog(QWidget *parent = nullptr);

    QString name() const;
    qint64 ttlMs() const;
    QString description() const;

private:
    void validate();

    QLineEdit *m_name;
    QLineEdit *m_ttl;
    QLineEdit *m_description;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};

} // namespace ui
