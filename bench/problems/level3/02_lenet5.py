"""LeNet-5-style CNN: 2 x (Conv5x5-ReLU-MaxPool2) then 3 Linear layers, (64, 1, 32, 32) -> (64, 10)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, image_size, conv1_channels, conv2_channels,
                 fc1_features, fc2_features, num_classes):
        super().__init__()
        self.conv1 = nn.Conv2d(in_channels, conv1_channels, kernel_size=5)
        self.conv2 = nn.Conv2d(conv1_channels, conv2_channels, kernel_size=5)
        side = ((image_size - 4) // 2 - 4) // 2
        self.fc1 = nn.Linear(conv2_channels * side * side, fc1_features)
        self.fc2 = nn.Linear(fc1_features, fc2_features)
        self.fc3 = nn.Linear(fc2_features, num_classes)

    def forward(self, x):
        x = F.max_pool2d(torch.relu(self.conv1(x)), kernel_size=2, stride=2)
        x = F.max_pool2d(torch.relu(self.conv2(x)), kernel_size=2, stride=2)
        x = torch.flatten(x, 1)
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        return self.fc3(x)


batch_size = 64
in_channels = 1
image_size = 32
conv1_channels = 6
conv2_channels = 16
fc1_features = 120
fc2_features = 84
num_classes = 10

SMALL = {"batch_size": 2}


def get_inputs():
    return [torch.randn(batch_size, in_channels, image_size, image_size)]


def get_init_inputs():
    return [in_channels, image_size, conv1_channels, conv2_channels,
            fc1_features, fc2_features, num_classes]
