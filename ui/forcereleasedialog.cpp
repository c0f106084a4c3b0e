#include "forcereleasedialog.h"

#include "countdowntext.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

ForceReleaseDialog::ForceReleaseDialog(const lockcore::LockInfo &seen, qint64 remainingMs,
                                       QWidget *parent, const QString &applicationProfile)
    : QDialog(parent), m_seen(seen), m_reason(new QLineEdit(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Force release \u2014 %1").arg(seen.name));
    const bool application = !applicationProfile.isEmpty();
    auto *warning = new QLabel(
        application
            ? tr("<b>The holder will lose this lock while it may still be working.</b> This "
                 "application's table (%1) has no fence token, so nothing stops the old "
                 "holder's writes. The lock is released the way %1 releases it, and only if "
                 "its holder and time are still exactly as shown here.")
                  .arg(applicationProfile.toHtmlEscaped())
            : tr("<b>The holder will lose this lock while it may still be working.</b> Its "
                 "fence token stops being valid; a resource that checks fences will refuse its "
                 "writes. The release only happens if the lock is still exactly as shown here."),
        this);
    warning->setWordWrap(true);

    auto *form = new QFormLayout;
    auto plain = [this](const QString &text) {
        auto *label = new QLabel(text, this);
        label->setTextFormat(Qt::PlainText); // names and holders are shown as they are
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return label;
    };
    form->addRow(tr("Lock:"), plain(seen.name));
    form->addRow(tr("Holder:"), plain(seen.holder.isEmpty() ? tr("(not recorded)")
                                                             : seen.holder));
    if (!application)
        form->addRow(tr("Fence:"), plain(QString::number(seen.fence)));
    if (seen.acquiredAt.isValid())
        form->addRow(tr("Locked at:"), plain(seen.acquiredAt.toLocalTime().toString(
                                           u"yyyy-MM-dd HH:mm:ss.zzz"_s)));
    const QString remaining = !seen.expiresAt.isValid() ? tr("no expiry: held until released")
                              : remainingMs > 0
                                  ? tr("%1 (expires %2)")
                                        .arg(formatRemainingMs(remainingMs),
                                             seen.expiresAt.toLocalTime().toString(
                                                 u"yyyy-MM-dd HH:mm:ss"_s))
                                  : tr("expired \u2014 any acquirer may take it over now");
    form->addRow(tr("Time left:"), plain(remaining));
    m_reason->setPlaceholderText(tr("Why, for the audit trail (required)"));
    m_reason->setMaxLength(1000);
    m_reason->setObjectName(u"reason"_s);
    auto *reasonLabel = new QLabel(tr("&Reason:"), this);
    reasonLabel->setBuddy(m_reason);
    form->addRow(reasonLabel, m_reason);

    auto *release = m_buttons->addButton(tr("&Force release"), QDialogButtonBox::AcceptRole);
    release->setObjectName(u"forceReleaseButton"_s);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_reason, &QLineEdit::textChanged, this, &ForceReleaseDialog::updateButtons);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(warning);
    layout->addLayout(form);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    updateButtons();
    resize(480, sizeHint().height());
}

QString ForceReleaseDialog::reason() const
{
    return m_reason->text().trimmed();
}

void ForceReleaseDialog::updateButtons()
{
    for (QAbstractButton *button : m_buttons->buttons())
        if (m_buttons->buttonRole(button) == QDialogButtonBox::AcceptRole)
            button->setEnabled(!reason().isEmpty());
}
