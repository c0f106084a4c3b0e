// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionband.h"

#include <QEvent>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ui {

ConnectionBand::ConnectionBand(QWidget *parent) : QLabel(parent)
{
    setObjectName(u"connectionBand"_s);
    setAlignment(Qt::AlignCenter);
    setTextFormat(Qt::PlainText);
    setAutoFillBackground(true);
    QFont bold = font();
    bold.setBold(true);
    setFont(bold);
    setMargin(3);
    hide();
}

QWidget *ConnectionBand::above(QWidget *content)
{
    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(this);
    layout->addWidget(content, 1);
    return central;
}

void ConnectionBand::setConnection(ConnectionColour colour, const QString &title)
{
    m_colour = colour;
    m_title = title;
    const QColor background = connectionColourValue(colour);
    if (background.isValid()) {
        QPalette pal = palette();
        pal.setColor(QPalette::Window, background);
        pal.setColor(QPalette::WindowText, Qt::white);
        setPalette(pal);
    }
    retranslate();
    setVisible(colour != ConnectionColour::None);
}

QString ConnectionBand::titleFor(const QString &title) const
{
    if (m_colour == ConnectionColour::None || title.isEmpty())
        return title;
    return tr("[%1] %2").arg(connectionColourName(m_colour), title);
}

void ConnectionBand::retranslate()
{
    if (m_colour == ConnectionColour::None) {
        clear();
        return;
    }
    setText(tr("%1 \u2014 %2").arg(connectionColourName(m_colour).toUpper(), m_title));
    setToolTip(tr("This connection's profile is marked %1 (File \u203a Connect\u2026, Window "
                  "colour)")
                   .arg(connectionColourName(m_colour)));
}

void ConnectionBand::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QLabel::changeEvent(event);
}

} // namespace ui
