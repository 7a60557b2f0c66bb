"""Three ResNet bottleneck blocks (1x1, 3x3, 1x1; BN eval; the second strided with a projection shortcut): (32, 256, 56, 56) -> (32, 512, 28, 28)."""
import torch
import torch.nn as nn


def _bn(c):
    bn = nn.BatchNorm2d(c)
    with torch.no_grad():
        bn.running_mean.copy_(torch.randn(c) * 0.1)
        bn.running_var.copy_(torch.rand(c) + 0.5)
        bn.weight.copy_(torch.rand(c) * 0.5 + 0.25)
        bn.bias.copy_(torch.randn(c) * 0.1)
    return bn


class Bottleneck(nn.Module):
    def __init__(self, cin, mid, cout, stride):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(cin, mid, 1, bias=False), _bn(mid), nn.ReLU(),
            nn.Conv2d(mid, mid, 3, stride=stride, padding=1, bias=False), _bn(mid), nn.ReLU(),
            nn.Conv2d(mid, cout, 1, bias=False), _bn(cout))
        self.shortcut = None
        if stride != 1 or cin != cout:
            self.shortcut = nn.Sequential(nn.Conv2d(cin, cout, 1, stride=stride, bias=False), _bn(cout))

    def forward(self, x):
        s = x if self.shortcut is None else self.shortcut(x)
        return torch.relu(self.body(x) + s)


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.blocks = nn.Sequential(
            Bottleneck(channels, channels // 4, channels, 1),
            Bottleneck(channels, channels // 2, channels * 2, 2),
            Bottleneck(channels * 2, channels // 2, channels * 2, 1))

    def forward(self, x):
        return self.blocks(x)


batch_size = 32
channels = 256
size = 56

SMALL = {"batch_size": 2, "channels": 16, "size": 8}


def get_inputs():
    return [torch.randn(batch_size, channels, size, size)]


def get_init_inputs():
    return [channels]
