#pragma once

#include <QFrame>

class QLabel;
class QToolButton;

namespace ui {

// An inline message above the lock table (hotspot and heaptrack style): recoverable problems
// and results of actions are said here, not in modal boxes.
class MessageBar : public QFrame
{
    Q_OBJECT

public:
    enum class Kind { Info, Success, Warning, Error };

    explicit MessageBar(QWidget *parent = nullptr);

    void showMessage(Kind kind, const QString &text);
    Kind kind() const { return m_kind; }
    QString text() const;

private:
    QLabel *m_icon;
    QLabel *m_text;
    QToolButton *m_close;
    Kind m_kind = Kind::Info;
};

} // namespace ui
