#include "reasonedactiondialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ui {

ReasonedActionDialog::ReasonedActionDialog(QWidget *parent)
    : QDialog(parent), m_form(new QFormLayout), m_reason(new QLineEdit(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this)), m_hint(new QLabel(this))
{}

void ReasonedActionDialog::addRow(const QString &label, const QString &plainText)
{
    auto *value = new QLabel(plainText, this);
    value->setTextFormat(Qt::PlainText); // names and holders are shown as they are
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_form->addRow(label, value);
}

void ReasonedActionDialog::finish(const QString &warningHtml, const QString &actionText,
                                  const QString &actionObjectName)
{
    auto *warning = new QLabel(warningHtml, this);
    warning->setWordWrap(true);
    m_reason->setPlaceholderText(tr("Why, for the audit trail (required)"));
    m_reason->setMaxLength(1000);
    m_reason->setObjectName(u"reason"_s);
    auto *reasonLabel = new QLabel(tr("&Reason:"), this);
    reasonLabel->setBuddy(m_reason);
    m_form->addRow(reasonLabel, m_reason);

    auto *action = m_buttons->addButton(actionText, QDialogButtonBox::AcceptRole);
    action->setObjectName(actionObjectName);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_reason, &QLineEdit::textChanged, this, &ReasonedActionDialog::updateButtons);
    m_actionText = QString(actionText).remove(u'&');
    m_hint->setObjectName(u"reasonHint"_s);
    m_hint->setWordWrap(true);
    m_hint->hide();

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(warning);
    layout->addLayout(m_form);
    layout->addWidget(m_hint);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    updateButtons();
    resize(480, sizeHint().height());
}

QString ReasonedActionDialog::reason() const
{
    return m_reason->text().trimmed();
}

// Enter on a button the admin chose presses it; anywhere else it acts on nothing and says why.
void ReasonedActionDialog::keyPressEvent(QKeyEvent *event)
{
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (enter && !qobject_cast<QPushButton *>(focusWidget())) {
        showEnterHint();
        event->accept();
        return;
    }
    QDialog::keyPressEvent(event);
}

void ReasonedActionDialog::showEnterHint()
{
    m_hint->setText(reason().isEmpty()
                        ? tr("Give a reason first: it is recorded with your name. Esc cancels.")
                        : tr("Enter does not confirm this: click %1 (or Tab to it and press "
                             "Space). Esc cancels.")
                              .arg(m_actionText));
    m_hint->show();
}

void ReasonedActionDialog::updateButtons()
{
    for (QAbstractButton *button : m_buttons->buttons())
        if (m_buttons->buttonRole(button) == QDialogButtonBox::AcceptRole)
            button->setEnabled(!reason().isEmpty());
    m_hint->hide(); // what it said was about the text before
}

} // namespace ui
