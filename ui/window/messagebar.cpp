// SPDX-License-Identifier: GPL-3.0-or-later
#include "messagebar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace ui {

MessageBar::MessageBar(QWidget *parent)
    : QFrame(parent), m_icon(new QLabel(this)), m_text(new QLabel(this)),
      m_close(new QToolButton(this)), m_expiry(new QTimer(this))
{
    m_expiry->setSingleShot(true);
    m_expiry->setTimerType(Qt::PreciseTimer); // 20 s, not up to 21 (a coarse timer's slack)
    connect(m_expiry, &QTimer::timeout, this, &QWidget::hide);
    setObjectName(u"messageBar"_s);
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setObjectName(u"messageText"_s);
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setToolTip(tr("Hide this message"));
    connect(m_close, &QToolButton::clicked, this, &QWidget::hide);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_icon);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);
    hide();
}

QString MessageBar::text() const
{
    return m_text->text();
}

void MessageBar::expireIn(int timeoutMs)
{
    if (!isHidden())
        m_expiry->start(qMax(1, timeoutMs));
}

int MessageBar::expiresInMs() const
{
    return m_expiry->isActive() ? m_expiry->remainingTime() : -1;
}

void MessageBar::markOutdated(const QString &why)
{
    const int left = expiresInMs();
    const QString text = why + u'\n' + m_text->text();
    blockSignals(true); // not news: the same message, marked
    showMessage(Kind::Info, text, left >= 0 ? qMax(1, left) : 0);
    blockSignals(false);
}

void MessageBar::showMessage(Kind kind, const QString &text, int timeoutMs)
{
    m_kind = kind;
    QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
    QColor tint(0x2f, 0x80, 0xed);
    switch (kind) {
    case Kind::Info:
        break;
    case Kind::Success:
        tint = QColor(0x27, 0xae, 0x60);
        break;
    case Kind::Warning:
        icon = QStyle::SP_MessageBoxWarning;
        tint = QColor(0xe6, 0x7e, 0x22);
        break;
    case Kind::Error:
        icon = QStyle::SP_MessageBoxCritical;
        tint = QColor(0xc0, 0x39, 0x2b);
        break;
    }
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_icon->setPixmap(style()->standardIcon(icon).pixmap(size, size));
    QPalette pal = palette();
    // The window's colour, not this bar's: that is the last message's tint.
    const QColor base = (parentWidget() ? parentWidget()->palette() : QPalette())
                            .color(QPalette::Window);
    // A light tint of the kind's colour over the window colour: readable in dark themes too.
    const QColor background = QColor::fromRgbF(base.redF() * 0.85 + tint.redF() * 0.15,
                                               base.greenF() * 0.85 + tint.greenF() * 0.15,
                                               base.blueF() * 0.85 + tint.blueF() * 0.15);
    pal.setColor(QPalette::Window, background);
    setPalette(pal);
    m_text->setText(text);
    if (timeoutMs > 0)
        m_expiry->start(timeoutMs);
    else
        m_expiry->stop();
    show();
    emit messageShown(kind, text);
}

} // namespace ui
