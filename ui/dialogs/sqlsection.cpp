// SPDX-License-Identifier: GPL-3.0-or-later
#include "sqlsection.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLayout>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ui {

SqlSection::SqlSection(QWidget *parent)
    : QWidget(parent), m_toggle(new QToolButton(this)), m_body(new QWidget(this)),
      m_text(new QPlainTextEdit(m_body)), m_copy(new QPushButton(m_body))
{
    setObjectName(u"sqlSection"_s);
    m_toggle->setObjectName(u"sqlToggle"_s);
    m_toggle->setCheckable(true);
    m_toggle->setAutoRaise(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setArrowType(Qt::RightArrow);
    m_text->setObjectName(u"sql"_s);
    m_text->setReadOnly(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_text->setMinimumHeight(m_text->fontMetrics().lineSpacing() * 8);
    m_copy->setObjectName(u"copySqlButton"_s);
    m_copy->setAutoDefault(false); // Enter in the dialog never lands here by itself
    connect(m_copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(sql()); });
    connect(m_toggle, &QToolButton::toggled, this, &SqlSection::setExpanded);

    auto *copyRow = new QHBoxLayout;
    copyRow->addStretch(1);
    copyRow->addWidget(m_copy);
    auto *body = new QVBoxLayout(m_body);
    body->setContentsMargins(0, 0, 0, 0);
    body->addWidget(m_text, 1);
    body->addLayout(copyRow);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_toggle, 0, Qt::AlignLeft);
    layout->addWidget(m_body, 1);
    m_body->hide();
    retranslate();
}

void SqlSection::setSql(const QString &sql)
{
    m_text->setPlainText(sql);
}

QString SqlSection::sql() const
{
    return m_text->toPlainText();
}

bool SqlSection::isExpanded() const
{
    return !m_body->isHidden();
}

// The dialog grows to show the statements and shrinks back when they are hidden.
void SqlSection::setExpanded(bool expanded)
{
    m_toggle->setChecked(expanded);
    m_toggle->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    if (isExpanded() == expanded)
        return;
    m_body->setVisible(expanded);
    QWidget *dialog = window();
    if (dialog->layout())
        dialog->layout()->activate();
    dialog->resize(dialog->width(), dialog->sizeHint().height());
}

void SqlSection::retranslate()
{
    m_toggle->setText(tr("SQL"));
    m_toggle->setToolTip(tr("The statements this will run, with their values"));
    m_copy->setText(tr("Copy SQL"));
}

void SqlSection::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
