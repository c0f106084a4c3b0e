#pragma once

#include "simsettings.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;

// The settings of a simulation run as a form: clients, locks, lease, hold and think times,
// how waiting clients retry, the run's length, injected faults, the protocol and the seed.
// Every field has an object name (clients, locks, ttl, holdKind, ...) for tests.
class SimSettingsForm : public QWidget
{
    Q_OBJECT

public:
    explicit SimSettingsForm(QWidget *parent = nullptr);

    locksim::SimSettings settings() const;
    void setSettings(const locksim::SimSettings &settings);

protected:
    void changeEvent(QEvent *event) override;

private:
    void addField(QWidget *field);
    QSpinBox *addSpin(const QString &name, int min, int max, int step = 1);
    QDoubleSpinBox *addDouble(const QString &name, double min, double max, int decimals,
                              double step);
    void retranslate();
    void updateEnabled();

    QFormLayout *m_layout;
    QSpinBox *m_clients;
    QSpinBox *m_locks;
    QSpinBox *m_ttl;
    QComboBox *m_holdKind;
    QSpinBox *m_holdMin;
    QSpinBox *m_holdMax;
    QSpinBox *m_think;
    QSpinBox *m_retryInterval;
    QDoubleSpinBox *m_retryBackoff;
    QDoubleSpinBox *m_retryJitter;
    QSpinBox *m_retryDeadline;
    QDoubleSpinBox *m_duration;
    QDoubleSpinBox *m_crashRate;
    QDoubleSpinBox *m_pauseRate;
    QComboBox *m_protocol;
    QSpinBox *m_clockSkew;
    QSpinBox *m_seed;
};
