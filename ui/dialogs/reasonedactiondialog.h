#pragma once

#include <QDialog>

class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace ui {

// The confirmation of an admin action that takes something from someone (a force release, a
// terminated session): a warning, what the admin is about to act on as last seen, and a
// required reason for the audit trail. The action button stays disabled without a reason.
// Typing on cannot confirm it (it may have opened from a key meant for something else): Enter
// in the reason field acts on nothing and says how to act; Cancel is the default button, and
// Enter presses only a button the admin moved the focus to.
class ReasonedActionDialog : public QDialog
{
    Q_OBJECT

public:
    QString reason() const;

protected:
    explicit ReasonedActionDialog(QWidget *parent = nullptr);
    void keyPressEvent(QKeyEvent *event) override;

    // The rows that describe the target, in order, before finish().
    void addRow(const QString &label, const QString &plainText);
    // The warning above the rows, the reason row and the buttons below them.
    void finish(const QString &warningHtml, const QString &actionText,
                const QString &actionObjectName);

private:
    void updateButtons();
    void showEnterHint();

    QFormLayout *m_form;
    QLineEdit *m_reason;
    QDialogButtonBox *m_buttons;
    QLabel *m_hint; // what Enter did not do, and why
    QString m_actionText;
};

} // namespace ui
