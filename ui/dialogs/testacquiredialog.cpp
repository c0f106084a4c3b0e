// SPDX-License-Identifier: GPL-3.0-or-later
#include "testacquiredialog.h"

#include "duration.h"
#include "holderid.h"
#include "validation.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ui {

TestAcquireDialog::TestAcquireDialog(const QString &lockName, QWidget *parent)
    : QDialog(parent), m_name(new QLineEdit(lockName, this)),
      m_holder(new QLineEdit(lockcore::toolHolderId(u"lockscope"_s), this)),
      m_ttl(new QLineEdit(u"30s"_s, this)),
      m_untilReleased(new QRadioButton(tr("Until I &release it"), this)),
      m_forDuration(new QRadioButton(tr("&For"), this)), m_hold(new QLineEdit(u"1m"_s, this)),
      m_renew(new QCheckBox(tr("Re&new automatically each time a third of the lease has passed"), this)),
      m_problem(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Test-acquire"));
    m_name->setObjectName(u"name"_s);
    m_holder->setObjectName(u"holder"_s);
    m_ttl->setObjectName(u"ttl"_s);
    m_hold->setObjectName(u"hold"_s);
    m_renew->setObjectName(u"renew"_s);
    m_untilReleased->setChecked(true);
    m_renew->setChecked(true);
    m_hold->setEnabled(false);

    auto *form = m_form = new QFormLayout;
    auto addRow = [&](const QString &label, QWidget *field) {
        auto *text = new QLabel(label, this);
        text->setBuddy(field);
        form->addRow(text, field);
    };
    addRow(tr("&Lock:"), m_name);
    addRow(tr("&Holder:"), m_holder);
    addRow(tr("L&ease:"), m_ttl);
    auto *holdRow = new QHBoxLayout;
    holdRow->addWidget(m_untilReleased);
    holdRow->addWidget(m_forDuration);
    holdRow->addWidget(m_hold);
    form->addRow(tr("Hold:"), holdRow);
    form->addRow(QString(), m_renew);
    m_problem->setWordWrap(true);
    m_problem->setObjectName(u"problem"_s);

    auto *acquire = m_buttons->addButton(tr("&Acquire"), QDialogButtonBox::AcceptRole);
    acquire->setObjectName(u"acquireButton"_s);
    acquire->setDefault(true);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_forDuration, &QRadioButton::toggled, m_hold, &QWidget::setEnabled);
    for (QLineEdit *edit : {m_name, m_holder, m_ttl, m_hold})
        connect(edit, &QLineEdit::textChanged, this, &TestAcquireDialog::validate);
    connect(m_forDuration, &QRadioButton::toggled, this, &TestAcquireDialog::validate);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    validate();
    resize(460, sizeHint().height());
}

QString TestAcquireDialog::name() const
{
    return m_name->text();
}

QString TestAcquireDialog::holder() const
{
    return m_holder->text();
}

void TestAcquireDialog::offerLockLease(qint64 lockTtlMs)
{
    if (lockTtlMs <= 0)
        return;
    m_ttl->setText(lockcore::formatDurationMs(lockTtlMs));
    m_ttl->setToolTip(tr("The lock's own lease"));
}

void TestAcquireDialog::setApplicationTable(bool leaseChosen)
{
    m_renew->setChecked(false);
    m_form->setRowVisible(m_renew, false);
    m_form->setRowVisible(m_ttl, leaseChosen);
    resize(width(), sizeHint().height());
}

qint64 TestAcquireDialog::ttlMs() const
{
    auto ttl = lockcore::parseDurationMs(m_ttl->text().trimmed());
    return ttl ? *ttl : 0;
}

qint64 TestAcquireDialog::holdMs() const
{
    if (!m_forDuration->isChecked())
        return 0;
    auto hold = lockcore::parseDurationMs(m_hold->text().trimmed());
    return hold ? *hold : 0;
}

bool TestAcquireDialog::autoRenew() const
{
    return m_renew->isChecked();
}

void TestAcquireDialog::validate()
{
    QString problem;
    auto ttl = lockcore::parseDurationMs(m_ttl->text().trimmed(), tr("The lease"));
    auto hold = lockcore::parseDurationMs(m_hold->text().trimmed(), tr("The hold time"));
    if (lockcore::Status s = lockcore::validateLockName(m_name->text()); !s)
        problem = s.error().message;
    else if (lockcore::Status s = lockcore::validateHolder(m_holder->text()); !s)
        problem = s.error().message;
    else if (!ttl)
        problem = ttl.error().message;
    else if (lockcore::Status s = lockcore::validateTtl(*ttl); !s)
        problem = s.error().message;
    else if (m_forDuration->isChecked() && (!hold || *hold <= 0))
        problem = hold ? tr("The hold time must be more than zero.") : hold.error().message;
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    for (QAbstractButton *button : m_buttons->buttons())
        if (m_buttons->buttonRole(button) == QDialogButtonBox::AcceptRole)
            button->setEnabled(problem.isEmpty());
}

} // namespace ui
