// SPDX-License-Identifier: GPL-3.0-or-later
#include "custommappingform.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScopedValueRollback>
#include <QStyle>

using namespace Qt::StringLiterals;
using lockcore::Profile;

namespace ui {

namespace {

constexpr int maxFieldChars = 128; // longer than any valid column: too long is explained

const QString utc = u"utc"_s;
const QString local = u"local"_s;

} // namespace

CustomMappingForm::CustomMappingForm(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"customMappingForm"_s);
    m_grid = new QGridLayout(this);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setColumnStretch(1, 1);

    // One field a row, under the lock table's kind and name (a form within the dialog's).
    m_nameEdit = addColumnField(u"nameColumnEdit"_s, 0);
    m_holderEdit = addColumnField(u"holderColumnEdit"_s, 1);
    m_expiresEdit = addColumnField(u"expiresColumnEdit"_s, 2);
    m_statusEdit = addColumnField(u"statusColumnEdit"_s, 3);
    m_lockedAtEdit = addColumnField(u"lockedAtColumnEdit"_s, 4);
    m_timeCombo = new QComboBox(this);
    m_timeCombo->setObjectName(u"timeZoneCombo"_s);
    m_timeCombo->addItem(QString(), utc);
    m_timeCombo->addItem(QString(), local);
    m_grid->addWidget(m_timeCombo, 5, 1, Qt::AlignLeft);
    const auto label = [this](QWidget *buddy) {
        auto *l = new QLabel(this);
        l->setBuddy(buddy);
        l->setAlignment(Qt::Alignment(style()->styleHint(QStyle::SH_FormLayoutLabelAlignment,
                                                         nullptr, this))
                        | Qt::AlignVCenter);
        const int index = m_grid->indexOf(buddy);
        int row = 0, column = 0, rowSpan = 0, columnSpan = 0;
        m_grid->getItemPosition(index, &row, &column, &rowSpan, &columnSpan);
        m_grid->addWidget(l, row, column - 1);
        return l;
    };
    m_nameLabel = label(m_nameEdit);
    m_holderLabel = label(m_holderEdit);
    m_expiresLabel = label(m_expiresEdit);
    m_statusLabel = label(m_statusEdit);
    m_lockedAtLabel = label(m_lockedAtEdit);
    m_timeLabel = label(m_timeCombo);

    m_problem = new QLabel(this);
    m_problem->setObjectName(u"mappingProblem"_s);
    m_problem->setWordWrap(true);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette palette = m_problem->palette();
    palette.setColor(QPalette::WindowText, QColor(0xb0, 0x1c, 0x1c));
    m_problem->setPalette(palette);
    m_grid->addWidget(m_problem, 6, 0, 1, 2);

    connect(m_timeCombo, &QComboBox::currentIndexChanged, this, &CustomMappingForm::userEdited);
    retranslateUi();
    check();
}

QLineEdit *CustomMappingForm::addColumnField(const QString &objectName, int row)
{
    auto *edit = new QLineEdit(this);
    edit->setObjectName(objectName);
    edit->setMaxLength(maxFieldChars);
    m_grid->addWidget(edit, row, 1);
    connect(edit, &QLineEdit::textChanged, this, &CustomMappingForm::userEdited);
    return edit;
}

void CustomMappingForm::retranslateUi()
{
    // Mnemonics that the rest of the connection dialog leaves free (x, z, q; a, m, y are only
    // taken by the folded TLS fields).
    m_nameLabel->setText(tr("Lock na&me column:"));
    m_holderLabel->setText(tr("Held b&y column:"));
    m_expiresLabel->setText(tr("E&xpiry column:"));
    m_statusLabel->setText(tr("St&atus flag column:"));
    m_lockedAtLabel->setText(tr("Ac&quired-at column:"));
    m_timeLabel->setText(tr("Time &zone:"));
    m_nameEdit->setPlaceholderText(tr("required"));
    for (QLineEdit *edit : {m_holderEdit, m_expiresEdit, m_statusEdit, m_lockedAtEdit})
        edit->setPlaceholderText(tr("none"));
    m_nameEdit->setToolTip(tr("The column that holds the lock's name (its key)"));
    m_holderEdit->setToolTip(tr("The column that says who holds the lock; empty: the table "
                                "records no holder"));
    m_expiresEdit->setToolTip(tr("The column with the time the lease ends; empty: locks never "
                                 "expire (a dead holder's lock stays until released)"));
    m_statusEdit->setToolTip(tr("A column that is 1 while the lock is held and 0 when it is "
                                "free; empty: a row is held while it exists (release deletes "
                                "it)"));
    m_lockedAtEdit->setToolTip(tr("The column with the time the lock was taken; empty: none"));
    m_timeCombo->setItemText(0, tr("UTC"));
    m_timeCombo->setItemText(1, tr("The database's local time"));
    m_timeCombo->setToolTip(tr("How the application writes its times (always from the "
                               "database's clock)"));
    check();
}

void CustomMappingForm::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

QVariantMap CustomMappingForm::mapping(const QString &table) const
{
    QVariantMap m{{u"profile"_s, u"custom"_s}, {u"table"_s, table}};
    const auto put = [&m](const QString &key, const QLineEdit *edit) {
        const QString column = edit->text().trimmed();
        if (!column.isEmpty())
            m.insert(key, column);
    };
    put(u"name_column"_s, m_nameEdit);
    put(u"holder_column"_s, m_holderEdit);
    put(u"expires_column"_s, m_expiresEdit);
    put(u"status_column"_s, m_statusEdit);
    put(u"locked_at_column"_s, m_lockedAtEdit);
    m.insert(u"time"_s, m_timeCombo->currentData().toString());
    return m;
}

lockcore::Result<Profile> CustomMappingForm::profile(const QString &table) const
{
    return Profile::custom(mapping(table));
}

void CustomMappingForm::setProfile(const Profile &profile)
{
    {
        QScopedValueRollback<bool> filling(m_filling, true);
        m_nameEdit->setText(profile.columns.name);
        m_holderEdit->setText(profile.columns.holder);
        m_expiresEdit->setText(profile.columns.expires);
        m_statusEdit->setText(profile.columns.status);
        m_lockedAtEdit->setText(profile.columns.lockedAt);
        m_timeCombo->setCurrentIndex(profile.time == Profile::Time::Local ? 1 : 0);
    }
    check();
}

void CustomMappingForm::setMapping(const QVariantMap &mapping)
{
    {
        QScopedValueRollback<bool> filling(m_filling, true);
        m_nameEdit->setText(mapping.value(u"name_column"_s).toString());
        m_holderEdit->setText(mapping.value(u"holder_column"_s).toString());
        m_expiresEdit->setText(mapping.value(u"expires_column"_s).toString());
        m_statusEdit->setText(mapping.value(u"status_column"_s).toString());
        m_lockedAtEdit->setText(mapping.value(u"locked_at_column"_s).toString());
        m_timeCombo->setCurrentIndex(mapping.value(u"time"_s).toString() == local ? 1 : 0);
    }
    check();
}

void CustomMappingForm::clear()
{
    setMapping({});
}

bool CustomMappingForm::isEmpty() const
{
    for (const QLineEdit *edit :
         {m_nameEdit, m_holderEdit, m_expiresEdit, m_statusEdit, m_lockedAtEdit}) {
        if (!edit->text().trimmed().isEmpty())
            return false;
    }
    return true;
}

QString CustomMappingForm::problem() const
{
    return m_problem->text();
}

QList<QWidget *> CustomMappingForm::focusOrder() const
{
    return {m_nameEdit,   m_holderEdit,   m_expiresEdit,
            m_statusEdit, m_lockedAtEdit, m_timeCombo};
}

void CustomMappingForm::check()
{
    const auto checked = profile();
    m_problem->setText(checked ? QString() : checked.error().message);
    m_problem->setVisible(!checked);
}

void CustomMappingForm::userEdited()
{
    check();
    if (!m_filling)
        emit edited();
}

} // namespace ui
