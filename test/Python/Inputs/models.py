"""Small models the CLI tests load as `Inputs/models.py:FACTORY`."""

import torch

nn = torch.nn


class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8),
                                      nn.ReLU(), nn.MaxPool2d(2))
        self.classifier = nn.Linear(8 * 4 * 4, 10)

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


def small_cnn():
    torch.manual_seed(0)
    return SmallCNN()


class Unsupported(nn.Module):
    def forward(self, x):
        return torch.fft.rfft(x).abs()


def unsupported():
    return Unsupported()


def not_a_module():
    return 42
