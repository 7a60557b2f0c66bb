"""Small residual CNN: 3x3 stem, three ResNet basic blocks (one strided with a 1x1 projection), global average pool, linear head; BN in eval mode: (16, 3, 128, 128) -> (16, 100)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def _bn(c):
    bn = nn.BatchNorm2d(c)
    with torch.no_grad():  # non-trivial running statistics for eval mode
        bn.running_mean.copy_(torch.randn(c) * 0.1)
        bn.running_var.copy_(torch.rand(c) + 0.5)
        bn.weight.copy_(torch.rand(c) + 0.5)
        bn.bias.copy_(torch.randn(c) * 0.1)
    return bn


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)
        self.bn1 = _bn(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1, bias=False)
        self.bn2 = _bn(cout)
        self.proj = None
        if stride != 1 or cin != cout:
            self.proj = nn.Sequential(nn.Conv2d(cin, cout, 1, stride=stride, bias=False), _bn(cout))

    def forward(self, x):
        out = torch.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        skip = x if self.proj is None else self.proj(x)
        return torch.relu(out + skip)


class Model(nn.Module):
    def __init__(self, in_channels, width, num_classes):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(in_channels, width, 3, padding=1, bias=False),
                                  _bn(width), nn.ReLU())
        self.blocks = nn.Sequential(BasicBlock(width, width, 1),
                                    BasicBlock(width, 2 * width, 2),
                                    BasicBlock(2 * width, 2 * width, 1))
        self.fc = nn.Linear(2 * width, num_classes)

    def forward(self, x):
        y = self.blocks(self.stem(x))
        return self.fc(torch.mean(y, dim=(2, 3)))


batch_size = 16
in_channels = 3
width = 64
num_classes = 100
height = 128
width_px = 128

SMALL = {"batch_size": 2, "width": 8, "num_classes": 10, "height": 16, "width_px": 16}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width_px)]


def get_init_inputs():
    return [in_channels, width, num_classes]
