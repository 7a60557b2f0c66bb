"""VGG-like network: three stages of two 3x3 conv + ReLU layers with max pooling (64, 128, 256 channels), then a two-layer classifier: (16, 3, 128, 128) -> (16, 100)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, base, image_size, hidden, num_classes):
        super().__init__()
        layers = []
        cin = in_channels
        for cout in (base, 2 * base, 4 * base):
            layers += [nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(),
                       nn.Conv2d(cout, cout, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
            cin = cout
        self.features = nn.Sequential(*layers)
        side = image_size // 8
        self.classifier = nn.Sequential(nn.Linear(cin * side * side, hidden), nn.ReLU(),
                                        nn.Linear(hidden, num_classes))

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


batch_size = 16
in_channels = 3
base = 64
image_size = 128
hidden = 512
num_classes = 100

SMALL = {"batch_size": 2, "base": 4, "image_size": 32, "hidden": 16, "num_classes": 10}


def get_inputs():
    return [torch.randn(batch_size, in_channels, image_size, image_size)]


def get_init_inputs():
    return [in_channels, base, image_size, hidden, num_classes]
