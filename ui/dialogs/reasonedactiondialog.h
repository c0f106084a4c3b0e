#pragma once

#include <QDialog>

class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace ui {

// The confirmation of an admin action that takes something from someone (a force release, a
// terminated session): a warning, what the admin is about to act on as last seen, and a
// required reason for the audit trail. The action button stays disabled without a reason;
// Cancel is the default button.
class ReasonedActionDialog : public QDialog
{
    Q_OBJECT

public:
    QString reason() const;

protected:
    explicit ReasonedActionDialog(QWidget *parent = nullptr);

    // The rows that describe the target, in order, before finish().
    void addRow(const QString &label, const QString &plainText);
    // The warning above the rows, the reason row and the buttons below them.
    void finish(const QString &warningHtml, const QString &actionText,
                const QString &actionObjectName);

private:
    void updateButtons();

    QFormLayout *m_form;
    QLineEdit *m_reason;
    QDialogButtonBox *m_buttons;
    QLabel *m_hint; // what Enter without a reason needs
};

} // namespace ui
