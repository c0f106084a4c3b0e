#include "traynotifier.h"

#include <QGuiApplication>
#include <QPainter>
#include <QPixmap>
#include <QSystemTrayIcon>

using namespace Qt::StringLiterals;

namespace ui {

TrayNotifier::TrayNotifier(QObject *parent)
    : QObject(parent)
    , m_base(u":/lockscope.png"_s)
{
    if (!isAvailable())
        return;
    m_tray = new QSystemTrayIcon(m_base, this);
    m_tray->setToolTip(QGuiApplication::applicationDisplayName());
    connect(m_tray, &QSystemTrayIcon::messageClicked, this,
            [this] { emit openLockRequested(m_lastLock); });
    connect(m_tray, &QSystemTrayIcon::activated, this,
            [this](QSystemTrayIcon::ActivationReason reason) {
                if (reason == QSystemTrayIcon::Trigger
                    || reason == QSystemTrayIcon::DoubleClick)
                    emit openLockRequested(m_lastLock);
            });
}

TrayNotifier::~TrayNotifier() = default;

bool TrayNotifier::isAvailable()
{
    return QSystemTrayIcon::isSystemTrayAvailable();
}

void TrayNotifier::setVisible(bool visible)
{
    if (m_tray)
        m_tray->setVisible(visible);
}

bool TrayNotifier::isVisible() const
{
    return m_tray && m_tray->isVisible();
}

void TrayNotifier::setCount(int count)
{
    if (count == m_count)
        return;
    m_count = count;
    if (!m_tray)
        return;
    m_tray->setIcon(iconWithCount(m_base, count));
    m_tray->setToolTip(count > 0 ? tr("Lockscope: %n lock(s) need you", "", count)
                                 : QGuiApplication::applicationDisplayName());
}

void TrayNotifier::showMessage(const QString &lockName, const QString &title,
                               const QString &text)
{
    m_lastLock = lockName;
    if (m_tray)
        m_tray->showMessage(title, text, QSystemTrayIcon::Warning);
}

QIcon TrayNotifier::iconWithCount(const QIcon &base, int count)
{
    if (count <= 0)
        return base;
    constexpr int Size = 64;
    QPixmap pixmap = base.pixmap(Size, Size);
    if (pixmap.isNull()) {
        pixmap = QPixmap(Size, Size);
        pixmap.fill(Qt::transparent);
    }
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF disc(Size * 0.4, 0, Size * 0.6, Size * 0.6);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0xd9, 0x30, 0x25));
    painter.drawEllipse(disc);
    QFont font = painter.font();
    font.setBold(true);
    font.setPixelSize(count > 99 ? Size / 5 : count > 9 ? Size / 4 : Size / 3);
    painter.setFont(font);
    painter.setPen(Qt::white);
    painter.drawText(disc, Qt::AlignCenter, count > 99 ? u"99+"_s : QString::number(count));
    painter.end();
    return QIcon(pixmap);
}

} // namespace ui
